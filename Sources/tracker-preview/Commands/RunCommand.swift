import Foundation
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// `run`: drives the real view models through the element tree, line by line.
@MainActor
enum RunCommand {
  static func run(_ file: String, _ invocation: Invocation, _ settings: Settings, _ context: ToolContext)
    -> Outcome
  {
    let data: Data
    switch InputFile.read(file, isScript: true, context) {
    case .success(let read): data = read
    case .failure(let failure): return failure
    }
    let name = file == "-" ? Messages.standardInputName : file
    let script: Script
    switch Script.parse(String(decoding: data, as: UTF8.self)) {
    case .success(let parsed): script = parsed
    case .failure(let error):
      return .failure(Messages.scriptLine(name, error.line, TerminalSafe.text(error.message)))
    }
    var outcome = Outcome()
    guard let store = StoreOpening.open(invocation, settings, context, outcome: &outcome) else {
      return outcome
    }
    let flow = AppFlow(environment: settings.appEnvironment(store: store))
    let renderer = ScreenRenderer(width: settings.width)
    func screenText() -> String { renderer.render(flow.view) }
    func fail(_ line: Script.Line, _ message: String) -> Outcome {
      var failed = outcome
      let safeMessage = message.split(separator: "\n", omittingEmptySubsequences: false)
        .map { TerminalSafe.text(String($0)) }.joined(separator: "\n")
      failed.standardError +=
        Messages.error(Messages.scriptLine(name, line.number, TerminalSafe.text(Messages.quoted(line.text))))
        + "  \(safeMessage)\n" + Messages.screenWas(flow.screen.rawValue) + renderer.render(flow.view)
      failed.exitCode = 1
      return failed
    }
    if let alert = flow.view.alert {
      // The app could not even read what it opens on: nothing in the script would mean anything.
      var failed = outcome
      failed.standardError += Messages.error(
        TerminalSafe.text(Messages.alertShown(alert.title, alert.message)))
      failed.exitCode = 1
      return failed
    }
    for line in script.lines {
      switch line.step {
      case .action(let action):
        do {
          try flow.perform(action)
        } catch {
          return fail(line, error.description)
        }
        // A refused save or read stops the script: the user would see this alert, not success.
        if let alert = flow.view.alert { return fail(line, Messages.alertShown(alert.title, alert.message)) }
      case .print:
        outcome.standardOutput += renderer.render(flow.view, format: settings.format)
      case .expectScreen(let expected):
        if flow.screen != expected {
          return fail(line, Messages.wrongScreen(expected: expected.rawValue, actual: flow.screen.rawValue))
        }
      case .expectText(let text):
        if !ScreenText(flow.view, drawn: screenText()).contains(text) {
          return fail(line, Messages.missingText(text))
        }
      case .expectNoText(let text):
        if ScreenText(flow.view, drawn: screenText()).contains(text) {
          return fail(line, Messages.unwantedText(text))
        }
      case .expectEnabled(let target), .expectDisabled(let target):
        let wantsEnabled = line.step == .expectEnabled(target)
        do {
          let element = try flow.find(target)
          if element.isEnabled != wantsEnabled {
            return fail(line, Messages.elementState(element, enabled: element.isEnabled))
          }
        } catch {
          return fail(line, error.description)
        }
      case .expectChecked(let target), .expectUnchecked(let target):
        let wantsChecked = line.step == .expectChecked(target)
        do {
          let element = try flow.find(target)
          guard let isChecked = element.isChecked else { return fail(line, Messages.notCheckable(element)) }
          if isChecked != wantsChecked {
            return fail(line, Messages.checkedState(element, checked: isChecked))
          }
        } catch {
          return fail(line, error.description)
        }
      }
    }
    return outcome
  }
}
