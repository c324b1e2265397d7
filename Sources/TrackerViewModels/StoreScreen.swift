/// A screen whose reads and writes go through its environment's store access: a test awaits
/// `settled()` after building it or calling an intent, where the app would simply show the
/// outcome when it comes. (A client's test awaits the environment's `settled()`, which is the
/// same wait: this shorthand is the package's own.)
@MainActor
package protocol StoreScreen: AnyObject {
  associatedtype Dependencies: EnvironmentDependencies
  /// The environment the screen reads and writes through.
  var environment: StoreEnvironment<Dependencies> { get }
}

extension StoreScreen {
  /// Returns once no store call of the screen's environment is in flight: the screen's first
  /// read, and every read and write its intents handed off, have ended and shown their outcome.
  package func settled() async { await environment.settled() }
}

extension AmountViewModel: StoreScreen {}
extension CalendarViewModel: StoreScreen {}
extension CategoryFormViewModel: StoreScreen {}
extension CategoryListViewModel: StoreScreen {}
extension DetailViewModel: StoreScreen {}
extension NoteViewModel: StoreScreen {}
extension OnboardingViewModel: StoreScreen {}
extension ScheduleViewModel: StoreScreen {}
extension SettingsViewModel: StoreScreen {}
extension StatisticsViewModel: StoreScreen {}
extension TimePickerViewModel: StoreScreen {}
extension TrackerFormViewModel: StoreScreen {}
extension TrackersViewModel: StoreScreen {}
