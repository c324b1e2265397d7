import TrackerViewModels

/// `model` once its first reads (and any store work started with it) have ended: a screen built
/// in a test, the way the app would show it once its reads land
/// (`#expect(await loaded(StatisticsViewModel(environment: environment)).state == …)`).
@MainActor
package func loaded<Model: StoreScreen>(_ model: Model) async -> Model {
  await model.settled()
  return model
}
