import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerArchiveCodec
import TrackerModels
import TrackerRecovery
import TrackerSQLite
import TrackerSchema
import TrackerStore
import TrackerSync

/// Each habit's reminders in the store, the file, the archive and the sync (schema 8).
@Suite("Reminders for each habit: stored, exported, synced", .temporaryFolders)
struct HabitReminderStoreTests {
  static let morning = HabitReminder(time: ReminderTime(hour: 7, minute: 30)!)
  static let evening = HabitReminder(
    time: ReminderTime(hour: 21, minute: 0)!, days: [.monday, .friday], onlyIfNotDone: false)

  static func withReminders(_ tracker: Tracker, _ reminders: [HabitReminder]) -> Tracker {
    var copy = tracker
    copy.reminders = reminders
    return copy
  }

  /// A data file at `path` holding `trackers` in `home` and a record of the first on 20 November;
  /// what it holds.
  @discardableResult
  static func file(_ path: String, with trackers: [Tracker]) throws -> StoreContents {
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    try store.createCategory(home)
    for tracker in trackers { try store.createTracker(tracker) }
    try store.toggleRecord(trackerID: trackers[0].id, on: day("2026-11-20"))
    return try store.contents()
  }

  @Test(arguments: StoreKind.allCases)
  func remindersAreKeptChangedAndRemovedWithTheTracker(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let run = Self.withReminders(habit("Run", id: 10), [Self.evening, Self.morning])
    try store.createTracker(run)
    #expect(try store.trackers().first?.tracker.reminders == [Self.morning, Self.evening])
    try store.updateTracker(
      Self.withReminders(run, [Self.evening]), addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().first?.tracker.reminders == [Self.evening])
    // Pinning goes through the tracker's row: its reminders stay.
    try store.setPinned(true, trackerID: run.id)
    #expect(try store.trackers().first?.tracker.reminders == [Self.evening])
    try store.updateTracker(Self.withReminders(run, []), addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.trackers().first?.tracker.reminders == [])
  }

  @Test(arguments: StoreKind.allCases)
  func moreRemindersThanTheLimitAreRefusedAndNothingChanges(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    let many = (0...HabitReminder.limit).map { HabitReminder(time: ReminderTime(hour: $0, minute: 0)!) }
    #expect(throws: StoreError.tooManyReminders(HabitReminder.limit + 1)) {
      try store.createTracker(Self.withReminders(habit("Run", id: 10), many))
    }
    #expect(try store.trackers().isEmpty)
  }

  @Test func aReopenedFileGivesTheRemindersBackAndTheFullCheckReadsThem() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    try Self.file(path, with: [Self.withReminders(habit("Run", id: 10), [Self.morning, Self.evening])])
    let reopened = try SQLiteTrackerStore(path: path, now: fixedNow, fullCheck: true)
    #expect(reopened.recovery == nil)
    #expect(try reopened.trackers().first?.tracker.reminders == [Self.morning, Self.evening])
  }

  @Test func aReminderRowChangedBehindTheStoresBackIsDamageNotAQuietlyDifferentTime() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    try Self.file(path, with: [Self.withReminders(habit("Run", id: 10), [Self.morning])])
    try expectSealBroken(path, by: "UPDATE tracker_reminder SET minute = 480")
  }

  @Test func aSchemaSevenFileGainsTheRemindersTableAndKeepsEverything() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.file(path, with: [habit("Run", id: 10)])
    let database = try Database(path: path, create: false)
    try database.execute(
      """
      DROP TABLE tracker_arrangement; DROP TABLE tracker_reminder;
      DELETE FROM schema_migration WHERE version >= 8; PRAGMA user_version = 7;
      """)
    database.close()
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery == nil)
    #expect(try store.contents() == before)
    let run = Self.withReminders(try #require(before.trackers.first), [Self.morning])
    try store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    #expect(
      try SQLiteTrackerStore(path: path, now: fixedNow).trackers().first?.tracker.reminders == [Self.morning])
  }

  @Test(arguments: StoreKind.allCases)
  func anExportCarriesTheRemindersAndAnImportGivesThemBack(kind: StoreKind) throws {
    let store = try kind.makeStore()
    try store.createCategory(home)
    try store.createTracker(Self.withReminders(habit("Run", id: 10), [Self.morning, Self.evening]))
    try store.createTracker(habit("Read", id: 11))
    let contents = try store.contents()
    let text = TrackerArchive.export(contents)
    #expect(TrackerArchive.version(for: contents) == 3)
    #expect(
      text.contains(
        #""reminders": [{"at": "07:30"}, {"at": "21:00", "days": ["mon", "fri"], "ifNotDone": false}]"#))
    // A tracker without reminders writes no member: the file stays as it was.
    #expect(text.components(separatedBy: "\"reminders\"").count == 2)
    let copy = try kind.makeStore()
    try copy.importArchive(text, today: day("2026-11-30"))
    #expect(try copy.contents() == contents)
    #expect(TrackerArchive.export(try copy.contents()) == text)
  }

  /// The paths of the problems an import of an archive of one habit "Run" with `members` added
  /// reports (nothing is imported); nil when it went through.
  static func problemPaths(ofRunWith members: String) throws -> [String]? {
    let text = """
      {"format": "tracker", "version": 3, "categories": [{"id": "\(home.id.uuidString)", "title": "Home"}],
      "trackers": [{"id": "\(id(10).uuidString)", "name": "Run", "emoji": "\(TrackerEmoji.all[10])",
      "color": "\(TrackerColor.palette[10].hex)", "category": "\(home.id.uuidString)",
      "schedule": ["mon"], "pinned": false, "created": "2026-11-01", \(members)}],
      "records": []}
      """
    let store = try StoreKind.memory.makeStore()
    let result = Result { () throws(ImportFailure) in try store.importArchive(text, today: day("2026-11-30"))
    }
    guard case .failure(let error) = result else { return nil }
    // A refused import adds nothing.
    #expect(try store.trackers().isEmpty)
    return error.problems.map(\.path)
  }

  @Test func anArchivesBadRemindersAreEachReportedWhereTheyAre() throws {
    let paths = try Self.problemPaths(
      ofRunWith: """
        "reminders": [{"at": "25:00"}, {"at": "07:30", "days": ["mon", "xyz"]}, {"at": "08:00", "days": []},
          {"at": "09:00", "loud": true}, {"at": "09:00", "ifNotDone": "yes"}]
        """)
    #expect(
      paths == [
        "trackers[0].reminders[0].at", "trackers[0].reminders[1].days", "trackers[0].reminders[2].days",
        "trackers[0].reminders[3].loud", "trackers[0].reminders[4].at", "trackers[0].reminders[4].ifNotDone",
      ])
  }

  @Test func aReminderSetOnOneDeviceReachesTheOtherAndTheLaterEditWins() throws {
    let pair = try SyncTests.Pair()
    try pair.a.createCategory(home)
    let run = habit("Run", id: 10)
    try pair.a.createTracker(run)
    try pair.exchange()
    try pair.b.updateTracker(
      Self.withReminders(run, [Self.morning]), addingRecordsOn: [], removingRecordsOn: [])
    try pair.exchange()
    #expect(try pair.a.trackers().first?.tracker.reminders == [Self.morning])
    // Both change the list; B's later edit is the list both keep (one field: never a mix).
    pair.a.editClock = { fixedNow.addingTimeInterval(60) }
    pair.b.editClock = { fixedNow.addingTimeInterval(120) }
    try pair.a.updateTracker(
      Self.withReminders(run, [Self.morning, Self.evening]), addingRecordsOn: [], removingRecordsOn: [])
    try pair.b.updateTracker(Self.withReminders(run, []), addingRecordsOn: [], removingRecordsOn: [])
    try pair.exchange(at: fixedNow.addingTimeInterval(180))
    try pair.b.sync(folder: pair.folder, now: fixedNow.addingTimeInterval(180))
    #expect(try pair.a.trackers().first?.tracker.reminders == [])
    #expect(try pair.b.trackers().first?.tracker.reminders == [])
  }

  @Test func aDeviceThatNeverSentRemindersLeavesATrackerWhole() {
    // The merge's fields of a tracker from a device before reminders: no `reminders` field.
    let tracker = habit("Run", id: 10)
    var fields: [String: SyncValue] = [:]
    for (name, value) in SyncFields.trackerFields(tracker) where name != "reminders" {
      fields[name] = SyncValue(value, SyncStamp(milliseconds: 1, counter: 0, device: "old"))
    }
    #expect(SyncFields.decodeTracker(tracker.id, fields) == tracker)
    // A value no device of ours writes leaves the tracker without reminders, not lost.
    fields["reminders"] = SyncValue(.string("07:30"), SyncStamp(milliseconds: 2, counter: 0, device: "odd"))
    #expect(SyncFields.decodeTracker(tracker.id, fields) == tracker)
  }

  @Test func aDamagedFileIsSalvagedWithItsRemindersAndABadReminderIsLeftOutAndCounted() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.file(
      path,
      with: [
        Self.withReminders(habit("Run", id: 10), [Self.morning, Self.evening]),
        Self.withReminders(habit("Read", id: 11), [Self.morning]),
      ])
    // Another row's seal flipped: the file is set aside and everything read back.
    try tamper(path, "UPDATE day_summary SET seal = seal + 1")
    let salvaged = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(try #require(salvaged.recovery).leftOut == 0)
    #expect(try salvaged.contents() == before)
    // A reminder's own seal flipped: that reminder is left out, counted; the rest kept.
    try tamper(path, "UPDATE tracker_reminder SET seal = seal + 1 WHERE minute = 1260")
    let again = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(try #require(again.recovery).leftOut == 1)
    #expect(
      try again.trackers().map(\.tracker.reminders).sorted { $0.count < $1.count } == [
        [Self.morning], [Self.morning],
      ])
  }
}
