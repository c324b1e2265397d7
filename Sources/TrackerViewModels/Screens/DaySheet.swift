import Foundation
import TrackerLocalization
import TrackerModels

/// What the amount and the note sheet share (issue 32): one tracker's entry on one day, read with
/// the tracker when the sheet opens, then saved or cleared in one write that closes the sheet (a
/// failure keeps it open with an alert).
@MainActor
protocol DaySheet: ObservableViewModel where State: DaySheetState {
  var environment: AppEnvironment { get }
  /// Called when the sheet closes after a save or a clear.
  var onClose: (() -> Void)? { get }
}

/// The state of a day's sheet: whose day it is, and the alert of a failed read or save.
protocol DaySheetState: SaveShowing, Equatable, Sendable {
  var trackerID: UUID { get }
  var day: Day { get }
}

extension DaySheet {
  /// Reads the sheet's tracker and its entry on the sheet's day together (`entry` reads it from
  /// the same state of the data), then hands them to `then` — nil when the tracker is gone; when
  /// the store cannot be read, an alert says why.
  func readTrackerAndEntry<Entry: Sendable>(
    _ entry: @escaping @Sendable (any TrackerDataReading, UUID, Day) throws(StoreError) -> Entry?,
    then: @escaping @MainActor @Sendable ((tracker: Tracker, entry: Entry?)?) -> Void
  ) {
    let (id, day) = (state.trackerID, state.day)
    reading(environment.access, environment.localizer) { (store) throws(StoreError) -> Found<Entry>? in
      try store.read { (store) throws(StoreError) in
        guard let tracker = try store.trackers().first(where: { $0.tracker.id == id })?.tracker else {
          return nil
        }
        return Found(tracker: tracker, entry: try entry(store, id, day))
      }
    } then: { found in
      then(found.map { ($0.tracker, $0.entry) })
    }
  }

  /// Writes the sheet's day with `change` and closes the sheet; a failure keeps it open with an
  /// alert. While the write is on its way the sheet takes no second save or clear.
  func writeAndClose(
    _ change: @escaping @Sendable (any TrackerDataStore, UUID, Day) throws(StoreError) -> Bool
  ) {
    let (id, day) = (state.trackerID, state.day)
    savingOnce(environment.access, environment.localizer) { (store) throws(StoreError) in
      try change(store, id, day)
    } then: { [weak self] _ in
      self?.onClose?()
    }
  }
}

/// A sheet's tracker and its entry, as read together.
struct Found<Entry: Sendable>: Sendable {
  var tracker: Tracker
  var entry: Entry?
}

extension DisplayText {
  /// A sheet's day: "Mon 30 Nov" / "Пн 30 нояб.".
  static func weekdayAndDate(_ day: Day, _ localizer: Localizer) -> String {
    let parts = day.components
    return localizer.weekdayShortName(iso: day.weekday.rawValue) + " "
      + localizer.dayAndMonth(day: parts.day, month: parts.month)
  }
}
