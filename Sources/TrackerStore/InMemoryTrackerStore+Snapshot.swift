import Foundation
import TrackerModels

/// The reads, of one state: a value, so every read of it sees the same data.
///
/// Each read says which tables the SQLite store would have read for it (`TableRecording`), so a
/// screen on this store hears of the same commits as on a file.
struct InMemorySnapshot: TrackerDataReading {
  let state: InMemoryTrackerStore.State

  /// Every table a whole read of the store looks at.
  static let allTables: Set<String> = ["category", "tracker", "record", "day_off", "note", "setting"]

  func categories() -> [TrackerCategory] {
    TableRecording.note(read: ["category"])
    return StoreRules.sorted(Array(state.categories.values))
  }

  func trackers() -> [TrackerSummary] {
    TableRecording.note(read: ["tracker", "record"])
    return StoreRules.sorted(
      state.trackers.values.map { tracker in
        let days = state.records[tracker.id] ?? []
        return TrackerSummary(tracker: tracker, recordCount: days.count, earliestRecord: days.min())
      })
  }

  func completedTrackerIDs(on day: Day) -> Set<UUID> {
    TableRecording.note(read: ["record"])
    return Set(state.records.filter { $0.value.contains(day) }.keys)
  }

  func recordDays(trackerID: UUID) -> [Day] {
    TableRecording.note(read: ["record"])
    return state.records[trackerID]?.days ?? []
  }

  func allRecords() -> [TrackerRecord] {
    TableRecording.note(read: ["record"])
    return state.records.flatMap { id, days in days.map { state.record(id, $0) } }
      .map { (day: $0.day, order: $0.trackerID.textOrder, record: $0) }
      .sorted { ($0.day, $0.order) < ($1.day, $1.order) }
      .map(\.record)
  }

  func records(trackerID: UUID) -> [TrackerRecord] {
    TableRecording.note(read: ["record"])
    return recordDays(trackerID: trackerID).map { state.record(trackerID, $0) }
  }

  func records(on day: Day) -> [TrackerRecord] {
    TableRecording.note(read: ["record"])
    return state.records.filter { $0.value.contains(day) }.keys.map { state.record($0, day) }
  }

  func notes(trackerID: UUID) -> [TrackerNote] {
    TableRecording.note(read: ["note"])
    return (state.notes[trackerID] ?? [:]).map {
      TrackerNote(trackerID: trackerID, day: $0.key, text: $0.value)
    }
    .sorted { $0.day < $1.day }
  }

  func notes(on day: Day) -> [TrackerNote] {
    TableRecording.note(read: ["note"])
    return state.notes.compactMap { id, notes in
      notes[day].map { TrackerNote(trackerID: id, day: day, text: $0) }
    }
  }

  func statistics(asOf today: Day) -> Statistics {
    TableRecording.note(read: ["day_off"])
    // In memory every record is at hand: the one-pass computation is the reference.
    return Statistics(
      trackers: trackers().map(\.tracker), records: allRecords(),
      daysOff: state.daysOff.flatMap { id, days in days.map { TrackerDayOff(trackerID: id, day: $0) } },
      today: today)
  }

  func dayOffTrackerIDs(on day: Day) -> Set<UUID> {
    TableRecording.note(read: ["day_off"])
    return Set(state.daysOff.filter { $0.value.contains(day) }.keys)
  }

  func daysOff(trackerID: UUID) -> [Day] {
    TableRecording.note(read: ["day_off"])
    return state.daysOff[trackerID]?.days ?? []
  }

  func settings() -> StoreSettings {
    TableRecording.note(read: ["setting"])
    return state.settings
  }

  func contents() -> StoreContents {
    TableRecording.note(read: Self.allTables)
    return StoreContents(
      categories: StoreRules.sorted(Array(state.categories.values)),
      trackers: StoreRules.sorted(
        state.trackers.values.map { TrackerSummary(tracker: $0, recordCount: 0, earliestRecord: nil) }
      ).map(\.tracker),
      records: StoreContents.sorted(state.records.flatMap { id, days in days.map { state.record(id, $0) } }),
      daysOff: StoreContents.sorted(
        state.daysOff.flatMap { id, days in days.map { TrackerDayOff(trackerID: id, day: $0) } }),
      notes: StoreContents.sorted(
        state.notes.flatMap { id, notes in
          notes.map { TrackerNote(trackerID: id, day: $0.key, text: $0.value) }
        }))

  }
}
