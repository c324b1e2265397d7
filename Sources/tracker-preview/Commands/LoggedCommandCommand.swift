import Foundation
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerSync
import TrackerViewModels

/// `do <name> <action> [<value>] --via-extension`: the command written to the command log, as a
/// widget's button or a notification's action writes it (docs/command-line.md, "Commands from
/// anywhere"). The data file is only read, to find the habit by its name (an extension knows the
/// habit's id from its widget's snapshot); the app — here, the next command that changes the data
/// file (`StoreOpening.mergeCommandLog`) — applies it, once.
enum LoggedCommandCommand {
  static func run(
    _ name: String, _ action: HabitCommand.Action, _ invocation: Invocation, _ given: Settings,
    _ context: ToolContext
  ) -> Outcome {
    if case .writeNote(let text?) = action, case .failure(let reason) = TrackerNote.validatedText(text) {
      return .failure(Messages.noteInvalid(StoreError.invalidNote(reason).reason(Localizer(given.language))))
    }
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, readOnly: true, outcome: &outcome)
    else { return outcome }
    let tracker: Tracker
    switch StoreOpening.tracker(named: name, in: store) {
    case .success(let found): tracker = found
    case .failure(let failure): return failure
    }
    // What the store would refuse at once is refused here, before anything is written: a day not
    // yet come, an amount for a yes/no habit.
    switch action {
    case .setDone(true), .toggleDone, .setAmount(.some), .addAmount:
      if settings.date > settings.today {
        return .failure(Messages.notSaved(StoreError.dayInFuture(settings.date)))
      }
    case .setDone(false), .setAmount(nil), .setDayOff, .writeNote: break
    }
    if case .setAmount(.some) = action, tracker.measure == .yesNo {
      return .failure(Messages.notSaved(StoreError.notMeasurable(tracker.id)))
    }
    let log = CommandLog(container: StoreOpening.container(invocation, context))
    let number: Int
    do {
      number = try log.append(
        [HabitCommand(trackerID: tracker.id, day: settings.date, action: action)], now: context.now)
    } catch {
      return .failure(Messages.notSaved(error))
    }
    outcome.standardOutput +=
      Messages.text(
        .cliLoggedWritten(
          name: TerminalSafe.text(tracker.name), date: DateText.long(settings.date, settings.language),
          folder: TerminalSafe.text(log.folder), number: String(number))) + "\n"
    return outcome
  }
}
