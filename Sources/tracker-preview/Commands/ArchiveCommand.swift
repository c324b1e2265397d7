import Foundation
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// `archive [NAME]`, `unarchive NAME` (issue 49): a tracker off the main screen, its reminders
/// and the statistics, its history kept, and back. `archive` alone lists the archived ones.
/// Safe to repeat, as `done` is: "already archived" is a success.
@MainActor
enum ArchiveCommand {
  static func run(
    _ name: String?, archived: Bool, _ invocation: Invocation, _ given: Settings, _ context: ToolContext
  ) -> Outcome {
    var outcome = Outcome()
    guard
      let store = StoreOpening.open(
        invocation, given, context, readOnly: name == nil, outcome: &outcome)
    else {
      return outcome
    }
    let summaries: [TrackerSummary]
    do {
      summaries = try store.trackers()
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    guard let name else {
      let collation = Collation(given.language)
      let names = summaries.map(\.tracker).filter(\.isArchived).map(\.name).sorted(by: collation.areInOrder)
      outcome.standardOutput +=
        (names.isEmpty
          ? Messages.text(.cliNoneArchived)
          : Messages.text(.cliArchivedList(names.map(TerminalSafe.text).joined(separator: ", ")))) + "\n"
      return outcome
    }
    let tracker: Tracker
    switch StoreOpening.tracker(named: name, in: summaries) {
    case .success(let found): tracker = found.tracker
    case .failure(let failure): return failure
    }
    let shown = TerminalSafe.text(tracker.name)
    guard tracker.isArchived != archived else {
      outcome.standardOutput +=
        Messages.text(archived ? .cliAlreadyArchived(shown) : .cliNotArchived(shown)) + "\n"
      return outcome
    }
    do {
      try store.setArchived(archived, trackerID: tracker.id)
    } catch {
      return .failure(Messages.notSaved(error))
    }
    outcome.standardOutput += Messages.text(archived ? .cliArchived(shown) : .cliUnarchived(shown)) + "\n"
    return outcome
  }
}

/// `move NAME --before OTHER | --after OTHER` (issue 49): the order the main screen shows a
/// section in (a category, or Pinned), kept and carried by sync.
@MainActor
enum MoveCommand {
  static func run(_ name: String, _ invocation: Invocation, _ given: Settings, _ context: ToolContext)
    -> Outcome
  {
    let options = invocation.options
    let otherName: String
    let isBefore: Bool
    switch (options.before, options.after) {
    case (let before?, nil): (otherName, isBefore) = (before, true)
    case (nil, let after?): (otherName, isBefore) = (after, false)
    case (nil, nil), (_?, _?):
      return .usage(UsageError(message: Messages.text(.cliMoveBeforeOrAfter), command: "move"))
    }
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, given, context, outcome: &outcome) else { return outcome }
    do {
      let summaries = try store.trackers()
      let (moved, other): (Tracker, Tracker)
      switch (
        StoreOpening.tracker(named: name, in: summaries),
        StoreOpening.tracker(named: otherName, in: summaries)
      )
      {
      case (.success(let first), .success(let second)): (moved, other) = (first.tracker, second.tracker)
      case (.failure(let failure), _), (_, .failure(let failure)): return failure
      }
      let (movedName, otherShown) = (TerminalSafe.text(moved.name), TerminalSafe.text(other.name))
      guard moved.id != other.id else { return .failure(Messages.text(.cliMoveItself(movedName))) }
      // An archived tracker is on no screen: nothing can be seen moving around it.
      if let archived = [moved, other].first(where: \.isArchived) {
        return .failure(Messages.text(.cliMoveArchived(TerminalSafe.text(archived.name))))
      }
      // The main screen's sections: Pinned, then each category; a tracker moves within its own.
      let sameSection =
        moved.isPinned == other.isPinned && (moved.isPinned || moved.categoryID == other.categoryID)
      guard sameSection else { return .failure(Messages.text(.cliMoveOtherSection(movedName, otherShown))) }
      let word = Messages.text(isBefore ? .cliMoveBefore : .cliMoveAfter)
      let changed = try TrackerOrder.moving(
        moved.id, to: isBefore ? .before(other.id) : .after(other.id), among: summaries.map(\.tracker))
      guard !changed.isEmpty else {
        outcome.standardOutput += Messages.text(.cliAlreadyPlaced(movedName, word, otherShown)) + "\n"
        return outcome
      }
      do {
        try store.moveTracker(moved.id, to: isBefore ? .before(other.id) : .after(other.id))
      } catch {
        return .failure(Messages.notSaved(error))
      }
      outcome.standardOutput += Messages.text(.cliMoved(movedName, word, otherShown)) + "\n"
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }
}
