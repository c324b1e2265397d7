import Foundation
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerViewModels

// This target plays a native client: it imports the libraries without `@testable`, so what it
// cannot do, a client cannot do either.

/// The store a client would use: a SQLite file, or memory.
enum ClientStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, memory

  var testDescription: String { rawValue }

  func make() throws -> any TrackerDataStore {
    switch self {
    case .sqlite:
      let folder = TemporaryFolder().url
      return try SQLiteTrackerStore(path: folder.appendingPathComponent("tracker.sqlite").path, now: Date())
    case .memory:
      return InMemoryTrackerStore()
    }
  }
}

/// A client's environment on `store`: Thursday 3 December 2026, noon in Moscow.
func clientEnvironment(_ store: any TrackerDataStore, _ language: Language) -> AppEnvironment {
  let environment = AppEnvironment.fixed(
    now: Date(timeIntervalSince1970: 1_796_288_400),
    timeZone: TimeZone(identifier: "Europe/Moscow") ?? .current,
    language: language, store: store)
  return environment
}

/// A habit done every day since 1 November 2026, "Read" in "Home", made in `store`.
@discardableResult
func addReadingHabit(to store: any TrackerDataStore) throws -> Tracker {
  let category = TrackerCategory(id: UUID(), title: "Home")
  try store.createCategory(category)
  let read = Tracker(
    id: UUID(), name: "Read", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
    categoryID: category.id, createdOn: Day(year: 2026, month: 11, day: 1)!, kind: .habit(.everyDay))
  try store.createTracker(read)
  return read
}

/// Every state a view model publishes, in order.
@MainActor
final class Recorder<Model: ObservableViewModel> {
  private(set) var states: [Model.State] = []
  private var token: BindingToken?

  init(_ model: Model) {
    token = model.observe { [weak self] state in self?.states.append(state) }
  }
}

@MainActor
@Suite("A form never reports its own save", .temporaryFolders)
struct OwnSaveTests {
  nonisolated static let cases = ClientStore.allCases.flatMap { store in Language.allCases.map { (store, $0) }
  }

  @Test(arguments: cases)
  func aNewCategoryIsNotTakenByItself(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    let environment = clientEnvironment(store, language)
    let form = CategoryFormViewModel(environment: environment)
    var saved: UUID?
    form.onDone = { saved = $0 }
    let recorder = Recorder(form)
    await environment.access.settled()  // the titles taken
    form.textChanged("Health")
    form.doneTapped()
    await environment.access.settled()
    #expect(saved != nil)
    #expect(try store.categories().map(\.title) == ["Health"])
    // Not once, not even while the store told the form of its own write.
    #expect(recorder.states.allSatisfy { $0.error == nil }, "\(recorder.states.compactMap(\.error))")
    #expect(form.state.alert == nil)
  }

  @Test(arguments: cases)
  func aRenamedCategoryIsNotTakenByItself(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    let category = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(category)
    let environment = clientEnvironment(store, language)
    let form = CategoryFormViewModel(environment: environment, editing: category)
    let recorder = Recorder(form)
    await environment.access.settled()
    form.textChanged("Home sweet home")
    form.doneTapped()
    await environment.access.settled()
    #expect(try store.categories().map(\.title) == ["Home sweet home"])
    #expect(recorder.states.allSatisfy { $0.error == nil })
  }

  @Test(arguments: cases)
  func aNewTrackerIsNotTakenByItself(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    let category = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(category)
    let environment = clientEnvironment(store, language)
    let form = TrackerFormViewModel(environment: environment, mode: .newEvent)
    var closed = false
    form.onRoute = { if case .close = $0 { closed = true } }
    let recorder = Recorder(form)
    form.nameChanged("Water the plants")
    form.categoryChosen(category.id)
    form.emojiTapped(0)
    form.colorTapped(0)
    await environment.access.settled()
    #expect(form.state.isCreateEnabled)
    form.createTapped()
    await environment.access.settled()
    #expect(closed)
    #expect(try store.trackers().map(\.tracker.name) == ["Water the plants"])
    #expect(recorder.states.allSatisfy { $0.nameError == nil }, "\(recorder.states.compactMap(\.nameError))")
  }

  @Test(arguments: cases)
  func anotherCategoryWithTheTitleIsStillTaken(store kind: ClientStore, language: Language) async throws {
    let store = try kind.make()
    try store.createCategory(TrackerCategory(id: UUID(), title: "Health"))
    let environment = clientEnvironment(store, language)
    let form = CategoryFormViewModel(environment: environment)
    await environment.access.settled()
    form.textChanged("health")
    #expect(
      form.state.error
        == (language == .en
          ? "A category with this name already exists" : "Категория с таким названием уже есть"))
    #expect(!form.state.isDoneEnabled)
  }
}
