import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TrackerStore

/// Salvage of a schema-5 file: a measurable tracker keeps its goal, its amounts and its notes, a
/// quota habit its quota, with the same vouching as records (docs/reliability.md).
@Suite("Salvage keeps goals, amounts and notes", .temporaryFolders)
struct MeasuredSalvageTests {
  /// A store at `path` with a measurable habit (at least 5 km, id 100), a measurable event (at
  /// most 2.5, id 101), a quota habit (3 a week, id 102) and a yes/no habit (id 103), each done on
  /// 1500 days from 2020-01-01 (amounts of every thousandth size), and a note on every 5th day of
  /// each, and on the 200 days after the records (days without a record), closed cleanly.
  static func measuredStore(_ path: String) throws -> StoreContents {
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    var run = habit("Run", id: 100)
    run.measure = try .measurable(unit: "km", target: Amount(thousandths: 5000)!, direction: .atLeast)
    var coffee = event("Coffee", id: 101)
    coffee.measure = try .measurable(unit: "cups", target: Amount(thousandths: 2500)!, direction: .atMost)
    var swim = habit("Swim", id: 102)
    swim.kind = .habit(Schedule(quota: Quota(3, per: .week)!))
    let read = habit("Read", id: 103)
    let trackers = [run, coffee, swim, read]
    let first = day("2020-01-01")
    var records: [TrackerRecord] = []
    var notes: [TrackerNote] = []
    for (index, tracker) in trackers.enumerated() {
      for offset in 0..<1500 {
        let amount =
          tracker.measure == .yesNo || offset % 7 == 0 ? nil : Amount(thousandths: offset * 997 + index)
        records.append(TrackerRecord(trackerID: tracker.id, day: first.adding(days: offset), amount: amount))
      }
      for offset in stride(from: 0, to: 1700, by: 5) {
        notes.append(
          TrackerNote(
            trackerID: tracker.id, day: first.adding(days: offset), text: "note \(offset) of \(tracker.name)")
        )
      }
    }
    try store.insert(StoreContents(categories: [home], trackers: trackers, records: records, notes: notes))
    try store.saveSettings(StoreSettings(isOnboardingDone: true, filter: .all, lastChosenCategoryID: home.id))
    let contents = try store.contents()
    #expect(contents.records.filter { $0.amount != nil }.count > 2000)
    #expect(contents.notes.count == 4 * 340)
    return contents
  }

  /// What one list has that the other has not, for a failure's message (never the whole lists).
  static func difference<Item: Hashable>(_ saved: [Item], _ before: [Item]) -> String {
    let extra = Set(saved).subtracting(before)
    let missing = Set(before).subtracting(saved)
    return "\(saved.count) saved of \(before.count); extra \(extra.count): \(extra.prefix(3)); "
      + "missing \(missing.count): \(missing.prefix(3))"
  }

  @Test func aDamagedSchemaFiveFileSalvagesItsMeasurableTrackerWithItsGoalAmountsAndNotes() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.measuredStore(path)
    // A day summary's seal flipped behind the store's back: the full check sets the file aside.
    try tamper(path, "UPDATE day_summary SET seal = seal + 1 WHERE day = 18262")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    #expect(saved.trackers == before.trackers && saved.notes == before.notes)
    #expect(saved.records == before.records, "\(Self.difference(saved.records, before.records))")
    #expect(recovery.leftOut == 0)
  }

  @Test func aFileWhoseSchemaPageIsGoneGivesItsGoalsAmountsAndNotesBackFromThePageScan() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.measuredStore(path)
    _ = try rootPage(path, "record")  // everything checkpointed into the file
    try zeroPage(path, 1, size: 4096)
    // Its header gone, only the default data file (or its stamp) says the file is Tracker's.
    let store = try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    #expect(saved.trackers == before.trackers)
    #expect(saved.records == before.records, "\(Self.difference(saved.records, before.records))")
    #expect(saved.notes == before.notes, "\(Self.difference(saved.notes, before.notes))")
    #expect(saved.daysOff.isEmpty)
    // With the schema gone no page says which b-tree is the notes' index: its (day, tracker)
    // pairs on the 200 days after the records (40 notes of each tracker) look like records the
    // day summaries do not count, and are left out and counted, never kept.
    #expect(recovery.leftOut == 160)
  }

  @Test func recordsWhoseTableAndIndexRootsAreGoneComeBackWithTheirAmountsAndNoNoteBecomesARecord() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.measuredStore(path)
    for name in ["record", "record_by_day"] {
      let (size, root) = try rootPage(path, name)
      try zeroPage(path, root, size: size)
    }
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    // The note index's (day, tracker) pairs, on the 200 days after the records, are no records.
    #expect(Set(saved.records).isSubset(of: Set(before.records)))
    // A yes/no or quota record the table's root held is still in the index; a measurable
    // tracker's lost its amount with the root: left out and counted, never kept as a day met.
    let measured: Set<UUID> = [id(100), id(101)]
    let unmeasured = before.records.filter { !measured.contains($0.trackerID) }
    #expect(saved.records.filter { !measured.contains($0.trackerID) } == unmeasured)
    let lost = before.records.count - saved.records.count
    #expect(lost < 100 && recovery.leftOut == lost, "\(lost) lost, \(recovery.leftOut) left out")
    #expect(saved.notes == before.notes && saved.trackers == before.trackers)
  }

  @Test func notesWhoseTableRootIsGoneAreFoundByThePageScanAndNoneIsInvented() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.measuredStore(path)
    let (size, root) = try rootPage(path, "note")
    try zeroPage(path, root, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    let saved = try store.contents()
    // Only the notes the root page itself held are gone (nothing else repeats a note's text).
    #expect(Set(saved.notes).isSubset(of: Set(before.notes)))
    #expect(saved.notes.count > before.notes.count - 100, "\(Self.difference(saved.notes, before.notes))")
    #expect(saved.records == before.records && saved.trackers == before.trackers)
  }

  @Test func aMeasurableTrackersRecordsWhoseTableIsGoneAreLeftOutNotCountedAsTheTarget() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.measuredStore(path)
    let (size, root) = try rootPage(path, "record")
    try zeroPage(path, root, size: size)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    // The index gives every yes/no and quota record back; a measurable tracker's record whose row
    // is gone has lost its amount, so it is left out and counted, never kept as a day met.
    let measured: Set<UUID> = [id(100), id(101)]
    let unmeasured = before.records.filter { !measured.contains($0.trackerID) }
    #expect(
      saved.records.filter { !measured.contains($0.trackerID) } == unmeasured,
      "\(Self.difference(saved.records.filter { !measured.contains($0.trackerID) }, unmeasured))")
    #expect(Set(saved.records).isSubset(of: Set(before.records)))
    #expect(recovery.leftOut == before.records.count - saved.records.count)
    #expect(saved.trackers == before.trackers && saved.notes == before.notes)
  }

  @Test func aGoalOrNoteWhoseSealDoesNotMatchIsLeftOutAndCounted() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.measuredStore(path)
    // Behind the store's back: the coffee's target raised without its seal, a note rewritten.
    try tamper(path, "UPDATE tracker_goal SET target = 9000 WHERE target = 2500")
    try tamper(path, "UPDATE note SET text = 'forged' WHERE text = 'note 5 of Run'")
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let saved = try store.contents()
    // The coffee is kept as a yes/no event with its records (their amounts go with the goal).
    var coffee = try #require(before.trackers.first { $0.id == id(101) })
    coffee.measure = .yesNo
    #expect(saved.trackers == before.trackers.map { $0.id == coffee.id ? coffee : $0 })
    let expected = before.records.map {
      $0.trackerID == coffee.id ? TrackerRecord(trackerID: $0.trackerID, day: $0.day) : $0
    }
    #expect(saved.records == expected, "\(Self.difference(saved.records, expected))")
    #expect(saved.notes == before.notes.filter { $0.text != "note 5 of Run" })
    #expect(recovery.leftOut == 2)
  }

  @Test func aFileCutShortKeepsOnlyAmountsAndNotesThatCanBeVouchedFor() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try Self.measuredStore(path)
    _ = try rootPage(path, "record")  // everything checkpointed into the file
    let whole = try bytes(path)
    try whole.prefix(whole.count * 7 / 10).write(to: URL(fileURLWithPath: path))
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    let saved = try store.contents()
    #expect(Set(saved.trackers).isSubset(of: Set(before.trackers)))
    #expect(Set(saved.records).isSubset(of: Set(before.records)))
    #expect(Set(saved.notes).isSubset(of: Set(before.notes)))
    #expect(!saved.records.isEmpty)
  }
}
