import Foundation
import OtherProgram
import Testing
import TrackerModels
import TrackerStore
import TrackerViewModels

/// The client beside other programs on the same data file, through the public API only: another
/// process's change arrives by itself, and a file another program holds never blocks the main
/// actor. Deadlines are generous (a busy machine), never tight timing assertions.
@MainActor
@Suite("Beside other programs")
struct OtherProgramsTests {
  /// A data file with one irregular event ("Walk"), onboarding done, and its path.
  func file() throws -> (SQLiteTrackerStore, path: String, walk: UUID) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("tracker.sqlite").path
    let store = try SQLiteTrackerStore(path: path, now: Date())
    let home = TrackerCategory(id: UUID(), title: "Home")
    try store.createCategory(home)
    let walk = Tracker(
      id: UUID(), name: "Walk", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: home.id,
      isPinned: false, createdOn: Day(daysSinceEpoch: 20_000), kind: .event)
    try store.createTracker(walk)
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    return (store, path, walk.id)
  }

  func isDone(_ walk: UUID, _ model: TrackersViewModel) -> Bool {
    model.state.sections.flatMap(\.cards).first { $0.id == walk }?.isCompleted == true
  }

  @Test func aDoneFromAnotherProcessArrivesByItselfAsOneState() async throws {
    let (store, path, walk) = try file()
    let model = TrackersViewModel(environment: clientEnvironment(store, .en))
    let recorder = Recorder(model)
    let done = try runProgram(
      "tracker-preview",
      ["done", "Walk", "--store", path, "--today", "2026-12-03", "--time-zone", "Europe/Moscow"])
    #expect(done.status == 0, "\(done.error)")
    #expect(try await eventually { isDone(walk, model) })  // nobody called anything
    #expect(recorder.states.count == 2)
  }

  @Test func aTapWhileAnotherProgramHoldsTheFileReturnsAtOnceAndSavesWhenItIsFree() async throws {
    let (store, path, walk) = try file()
    let environment = clientEnvironment(store, .en)
    let model = TrackersViewModel(environment: environment)
    var saving: [Bool] = []
    let savingBinding = environment.writer.observe { saving.append($0.isSaving) }
    let holder = try LockHolder(path, seconds: 2)
    let start = Date()
    model.completeTapped(walk)
    #expect(Date().timeIntervalSince(start) < 1)  // 100 ms asked for, not the 10 s busy timeout
    #expect(!isDone(walk, model) && model.state.alert == nil && saving == [false, true])
    holder.waitUntilReleased()
    #expect(try await eventually { isDone(walk, model) && saving.last == false })
    #expect(saving == [false, true, false] && model.state.alert == nil)
    withExtendedLifetime(savingBinding) {}
  }
}

/// Runs the built `executable` (a product of this package) with `arguments` to its end.
func runProgram(_ executable: String, _ arguments: [String]) throws -> (status: Int32, error: String) {
  let process = Process()
  process.executableURL = Bundle.main.bundleURL.appendingPathComponent(executable)
  process.arguments = arguments
  process.environment = [:]
  let error = Pipe()
  process.standardOutput = FileHandle.nullDevice
  process.standardError = error
  try process.run()
  let data = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
