import Foundation
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerSync
import TrackerTerminal
import TrackerTextRenderer
import TrackerViewModels

/// `app`: the app used from the keyboard, full screen, on the same flow `run` drives. The screen
/// is redrawn only when the flow publishes (or the focus, the size or the key map changes), and
/// only the rows that changed are sent.
@MainActor
enum AppCommand {
  /// How long a lone Esc waits for the rest of an escape sequence.
  static let escapeWait: TimeInterval = 0.05

  static func run(_ invocation: Invocation, _ settings: Settings, _ context: ToolContext) async -> Outcome {
    guard context.isInteractive else {
      return .usage(UsageError(message: Messages.localized(.cliNotATerminal), command: "app"))
    }
    var outcome = Outcome()
    guard
      let launched = await RunCommand.launch(
        invocation, settings, context, interactive: true, outcome: &outcome)
    else {
      return outcome
    }
    return await drive(launched, settings, outcome)
  }

  /// The terminal's loop over the launched app, until `q`, the end of input or a signal.
  private static func drive(_ launched: RunCommand.Launched, _ settings: Settings, _ outcome: Outcome) async
    -> Outcome
  {
    var outcome = outcome
    let terminal: RawTerminal
    do {
      terminal = try RawTerminal()
    } catch {
      outcome.standardError += Messages.error(Messages.localized(.cliTerminalFailed("\(error)")))
      outcome.exitCode = 1
      return outcome
    }
    defer { terminal.restore() }
    let size = terminal.size
    let session = InteractiveSession(
      app: launched.app, format: settings.format, columns: size.columns,
      rows: size.rows)
    var writer = FrameWriter()
    var decoder = KeyDecoder()
    // The loop sleeps until something wakes it: a key, a signal, the screen asking to be drawn
    // (a late answer, another process's change, a sync's merge), the store's calls ending, or
    // the next look at the clock.
    let wake = LoopWake()
    let input = TerminalInput(terminal, wake: wake)
    defer { input.stop() }
    session.redrawAsked = { wake.signal() }
    let loop = Loop(terminal: terminal, input: input, wake: wake, session: session)
    guard terminal.write(FrameWriter.enter) else {
      screenLost(terminal.writeFailure ?? EIO, &outcome)
      return outcome
    }
    // With a joined folder the app syncs by itself, off the main actor: when the folder changes
    // and shortly after a change made here (docs/sync.md). What it merges redraws the screen
    // through the store's observation, no key needed.
    launched.startSyncing?()
    // Intervals are measured on the monotonic clock: a wall clock set back never stalls them.
    var lastTick = ContinuousClock.now
    // The first screen's reads have a moment to arrive before it is drawn.
    await launched.app.settle(wake: wake, until: loop.isInterrupted)
    loop: while true {
      // A signal ends the app (its exit status is set once the loop is left).
      if terminal.stopRequest != nil { break }
      // About once a second the app looks at the clock: past midnight the new day shows, no key needed.
      if ContinuousClock.now - lastTick >= .seconds(1) {
        lastTick = ContinuousClock.now
        session.tick()
        // And at the command log: what a widget or `do --via-extension` handed over since is
        // applied, off the main actor, and shows through the store's observation.
        if let log = launched.commandLog { merge(log, session) }
      }
      if terminal.takeResize() {
        let size = terminal.size
        session.resize(columns: size.columns, rows: size.rows)
        writer.invalidate()
      }
      if session.needsRedraw {
        // What changed by itself (the day, a day start or data changed elsewhere) may have asked
        // for reads: they have a moment to answer, so a new date never shows over the old cards.
        await launched.app.settle(readsOnly: true, wake: wake, until: loop.isInterrupted)
        guard terminal.write(writer.update(to: session.frame())) else { break }
        session.frameDrawn()
      }
      // Until a key comes, the main actor runs its queued work (late answers, other processes'
      // changes, the to-do loader's answer) while this sleeps, and what it changes wakes it to
      // be drawn at once.
      if !input.hasInput, !session.needsRedraw, !terminal.isResizePending, terminal.stopRequest == nil {
        await wake.wait(until: lastTick + .seconds(1))
      }
      guard let bytes = input.take() else { break }
      if bytes.isEmpty { continue }
      var keys = decoder.feed(bytes)
      while decoder.isWaiting {
        // The rest of a sequence comes at once; a lone Esc is followed by nothing.
        guard let more = await input.take(within: escapeWait, unless: { terminal.stopRequest != nil })
        else { break loop }
        if more.isEmpty {
          keys += decoder.flush()
          break
        }
        keys += decoder.feed(more)
      }
      for key in keys {
        // Another process may have written to the data file: the screens read it again. The look
        // is a store call on the app's reader, off the main actor (which makes none); the store's
        // own watch looks four times a second. What it threw shows on the bottom line.
        launched.noticeChangesElsewhere { error in session.show(Messages.describe(error)) }
        guard session.handle(key) == .quit else { continue }
        if await mayQuit(launched.app, loop, &writer) { break loop }
        // A write `q` waited for failed, and the screen says why: the app stays on it. The keys
        // typed after `q` were typed for a closing app, and go.
        break
      }
      // The key's store calls have a moment to answer: one key, one frame. A key typed meanwhile
      // is handled at once, on the screen as it is (a second Enter on a form that is saving finds
      // its button disabled instead of opening the next screen's).
      await launched.app.settle(wake: wake, until: loop.isInterrupted)
    }
    // What is typed from now on is for the shell the app goes back to: it is not read while the
    // app waits for a write (leaving the full screen throws it away, as before), nor once the
    // terminal is back while the app waits for its last sync (the shell reads it then).
    input.stopReadingKeys()
    await finishWaitingWrites(launched.app, loop, &writer, &outcome)
    // A signal ends the app with 128 + its number, also when it came while `q` waited for a
    // write (docs/command-line.md).
    if let signal = terminal.stopRequest {
      outcome.exitCode = 128 + signal
    } else if let failure = terminal.writeFailure {
      screenLost(failure, &outcome)
    }
    terminal.restore()
    await launched.stopSyncing?()
    (launched.app as? AppFlow)?.appClosed()
    return outcome
  }

  /// What the loop's waits share: the terminal, its input, what wakes them, the screen.
  @MainActor
  private struct Loop {
    let terminal: RawTerminal
    let input: TerminalInput
    let wake: LoopWake
    let session: InteractiveSession

    /// Whether a settle should end now, the screen as it is: a key came, or a signal.
    func isInterrupted() -> Bool { input.hasInput || terminal.stopRequest != nil }
  }

  /// The screen could not be drawn (the terminal gone, or taking no output, `failure` the
  /// `errno`): the app says so and ends with 1, never a quiet 0.
  private static func screenLost(_ failure: Int32, _ outcome: inout Outcome) {
    outcome.standardError += Messages.error(
      Messages.localized(.cliTerminalLost(String(cString: strerror(failure)))))
    outcome.exitCode = 1
  }

  /// Merges the command log off the main actor when its folder changed, or when the last merge
  /// failed; a command refused, a file skipped or a merge that failed for another reason than a
  /// file held for now shows on the session's bottom line, in the words a screen uses.
  private static func merge(_ log: CommandLogWatch, _ session: InteractiveSession) {
    Task { @MainActor in
      guard let result = await log.mergeIfChanged() else { return }
      switch result {
      case .success(let report):
        let localizer = Localizer(Messages.language)
        for case (_, .failure(let error)) in report.applied.applied {
          session.show(Messages.text(.cliLoggedRefused(reason: error.reason(localizer))))
        }
        for (file, reason) in report.skipped {
          session.show(Messages.text(.cliLoggedSkipped(reason: reason, path: TerminalSafe.text(file))))
        }
      case .failure(.store(.storage(let failure))) where failure.kind == .busy:
        // Another program holds the data file for now: the next look merges again, and what
        // waits shows once it is applied. The file held is no news for the bottom line.
        break
      case .failure(.store(let error)):
        session.show(Messages.text(.cliLoggedFailed(reason: Messages.describe(error))))
      case .failure(let error):
        session.show(Messages.text(.cliLoggedFailed(reason: "\(error)")))
      }
    }
  }

  /// Whether `q` may close the app. A write still on its way (a form's save, a tap waiting for
  /// a file another program holds) is waited for first, the bottom line saying so. When it
  /// fails, the app stays open on the screen that says why — a form with what was typed, the
  /// alert to read — and a second `q` closes it: quitting never throws away what the user typed
  /// because the file was busy. A signal meanwhile closes it (what was not saved is told then).
  private static func mayQuit(_ app: any DrivenApp, _ loop: Loop, _ writer: inout FrameWriter) async -> Bool {
    guard app.isSaving else { return true }
    let alertBefore = app.alert
    await waitWhileSaving(app, loop, &writer)
    guard loop.terminal.stopRequest == nil, !app.isSaving, let alert = app.alert else { return true }
    return alert == alertBefore
  }

  /// Lets the main actor run, drawing what changes, until no write is on its way: at most the
  /// store's busy timeout and a moment for the answer to reach the main actor, and only until a
  /// signal asks the app to stop.
  private static func waitWhileSaving(_ app: any DrivenApp, _ loop: Loop, _ writer: inout FrameWriter) async {
    let deadline = ContinuousClock.now + .seconds(12)
    while app.isSaving, ContinuousClock.now < deadline, loop.terminal.stopRequest == nil {
      if loop.terminal.takeResize() {
        let size = loop.terminal.size
        loop.session.resize(columns: size.columns, rows: size.rows)
        writer.invalidate()
      }
      if loop.session.needsRedraw {
        guard loop.terminal.write(writer.update(to: loop.session.frame())) else { break }
        loop.session.frameDrawn()
      }
      // The write's end changes the app (its writer), which asks for a frame, which wakes this.
      // A resize wakes it too.
      if app.isSaving, !loop.session.needsRedraw, !loop.terminal.isResizePending {
        await loop.wake.wait(until: deadline)
      }
    }
    // An answer already queued for the main actor shows before the app goes on (a write still
    // waiting past the deadline, or cut short by a signal, is not waited for).
    await Task.yield()
  }

  /// Closing never drops a tap that waits for the data file (another program holds it): the app
  /// stays, its bottom line saying so, until the write is saved or has given up (the busy
  /// timeout), and a write that could not be saved is told on standard error once the terminal
  /// is back (the input ended, or the app could not draw).
  private static func finishWaitingWrites(
    _ app: any DrivenApp, _ loop: Loop, _ writer: inout FrameWriter, _ outcome: inout Outcome
  ) async {
    guard app.isSaving else { return }
    let alertBefore = app.alert
    await waitWhileSaving(app, loop, &writer)
    if let alert = app.alert, alert != alertBefore {
      outcome.standardError += Messages.error(alert.title + ": " + alert.message)
      outcome.exitCode = 1
    }
    // A signal does not wait for the file (a shutdown gives a few seconds): what it cut short
    // is said, never dropped in silence.
    if loop.terminal.stopRequest != nil, app.isSaving {
      outcome.standardError += Messages.error(Messages.localized(.cliAppUnsaved))
    }
  }
}
