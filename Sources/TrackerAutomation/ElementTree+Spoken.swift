import Foundation
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// What each element of the tracker is called when it has the focus: its own words, then what it
/// is about (the tracker a menu acts on, the value a row holds, the date a day is) and its state
/// (chosen, on or off), and, when it cannot be used now, why (issue 30, item 3). A screen reader
/// says it; the terminal's bottom line names the focus with it.
extension ElementTree {
  /// The elements of the topmost layer of `view`, each with its spoken label and, when disabled,
  /// the reason.
  static func spokenElements(of view: AppView, localizer: Localizer) -> [Element] {
    let elements = elements(of: view, localizer: localizer)
    return elements.map(speech(among: elements, of: view, localizer: localizer).named)
  }

  /// What names any of `elements` (as `elements(of:localizer:)` made them) as `spokenElements`
  /// names it: what a terminal's bottom line needs of the focused one alone, the context (a main
  /// screen's cards by name) gathered once.
  static func namer(
    among elements: [Element], of view: AppView, localizer: Localizer
  ) -> (Element) -> Element {
    speech(among: elements, of: view, localizer: localizer).named
  }

  private static func speech(among elements: [Element], of view: AppView, localizer: Localizer) -> Speech {
    var cards: [TrackersViewModel.Card] = []
    if case .trackers(let state) = view.base, view.presented.isEmpty {
      cards = state.sections.flatMap(\.cards)
    }
    return Speech(
      localizer: localizer, view: view,
      colorCount: elements.filter {
        if case .color = $0.identifier { return true }
        return false
      }.count,
      cards: Speech.Cards(cards))
  }
}

/// Names the elements of one view.
private struct Speech {
  /// The main screen's cards by name and by tracker, looked up once per view: a screen of a
  /// thousand cards names each of its elements without going through the cards again.
  struct Cards {
    private var byName: [String: TrackersViewModel.Card] = [:]
    private var byID: [UUID: TrackersViewModel.Card] = [:]

    init(_ cards: [TrackersViewModel.Card]) {
      for card in cards {
        if byName[card.name] == nil { byName[card.name] = card }
        if byID[card.id] == nil { byID[card.id] = card }
      }
    }

    subscript(name name: String) -> TrackersViewModel.Card? { byName[name] }
    subscript(id id: UUID) -> TrackersViewModel.Card? { byID[id] }
  }

  let localizer: Localizer
  let view: AppView
  let colorCount: Int
  /// The cards of the main screen when it is on top; empty otherwise.
  let cards: Cards

  func named(_ element: Element) -> Element {
    var element = element
    if let alert = view.alert {
      element.spokenLabel = element.label + ": " + alert.title
      return element
    }
    if let spoken = layerName(element) { element.spokenLabel = spoken }
    if !element.isEnabled { element.unavailableReason = reason(element) }
    if element.spokenLabel == nil, element.isChecked == true, !element.isToggle {
      element.spokenLabel = localizer.text(.spokenChosen(label: element.label))
    }
    if case .toggle(let isOn) = element.kind {
      element.spokenLabel = localizer.text(
        isOn ? .spokenOn(label: element.spoken) : .spokenOff(label: element.spoken))
    }
    return element
  }

  /// The name of `element` on the layer on top, when its label alone does not say it.
  private func layerName(_ element: Element) -> String? {
    if let top = view.presented.last { return presentedName(element, top) }
    switch (view.base, element.identifier) {
    case (.onboarding, _): return nil
    case (.statistics, .tab), (.settings, .tab): return tabName(element)
    case (.settings(let state), .reminderTime): return state.timeTitle + ": " + state.timeText
    case (.settings(let state), .sync):
      // What is under the row is said with it: how to turn sync on, a clock ahead, a failure.
      let hint = state.syncHint.map { [$0.replacingOccurrences(of: "\n", with: " ")] } ?? []
      let notes = hint + state.syncWarnings
      guard !notes.isEmpty else { return nil }
      // A sentence that ends with an abbreviation ("выкл.") takes no second period.
      return ([state.syncTitle] + notes).dropFirst().reduce(state.syncTitle) { said, next in
        said + (said.hasSuffix(".") ? " " : ". ") + next
      }
    case (.statistics, _), (.settings, _): return nil
    case (.trackers(let state), _): return trackersName(element, state)
    }
  }

  private func trackersName(_ element: Element, _ state: TrackersViewModel.State) -> String? {
    if let menu = state.menu {
      // A menu's and its questions' buttons say which tracker they act on.
      let name = cards[id: menu.trackerID]?.name
      return name.map { element.label + ": " + $0 }
    }
    switch element.identifier {
    case .add: return state.addAccessibilityLabel
    case .date: return localizer.text(.spokenDate(date: date(state.selectedDay)))
    case .field(.search):
      return state.searchText.isEmpty ? nil : state.searchPlaceholder + ": " + state.searchText
    case .card(let name):
      guard let card = cards[name: name] else { return nil }
      let progress = [card.amountText, card.quotaText].compactMap { $0 }.map { ", " + $0 }.joined()
      return card.name + ", " + card.dayCounter + progress
        + (card.isCompleted ? ", " + localizer.text(.spokenDone) : "")
    case .complete(let name):
      guard !element.isEnabled else { return nil }
      return name + ", " + date(state.selectedDay)
    case .filters:
      return state.activeFilterTitle.map { element.label + ": " + $0 }
    case .tab: return tabName(element)
    case .section:
      // "Home, 3 of 5 done, collapsed" / "Home, expanded".
      return element.label + ", "
        + localizer.text(element.isChecked == true ? .trackersSectionCollapsed : .trackersSectionExpanded)
    default:
      return nil
    }
  }

  private func presentedName(_ element: Element, _ screen: AppView.Presented) -> String? {
    switch screen {
    case .schedule(let state):
      // Issue 32: form. The stepper's buttons say what they change and what N is.
      if let days = state.windowDays, let quota = state.quota {
        // N times in Y days: each stepper says the whole schedule it makes.
        if element.identifier == .windowDaysMinus { return days.minusAccessibilityLabel + ": " + quota.text }
        if element.identifier == .windowDaysPlus { return days.plusAccessibilityLabel + ": " + quota.text }
      }
      guard let quota = state.quota else { return nil }
      if element.identifier == .quotaMinus { return quota.minusAccessibilityLabel + ": " + quota.text }
      if element.identifier == .quotaPlus { return quota.plusAccessibilityLabel + ": " + quota.text }
      return nil
    // Issue 32: cards, sheets, detail
    case .amount(let state):
      switch element.identifier {
      case .field(.amount):
        let value = state.text.isEmpty ? state.goalText : state.text + " " + state.unit
        return state.title + ": " + value + (state.error.map { ", " + $0 } ?? "")
      case .amountMinus: return state.minusAccessibilityLabel
      case .amountPlus: return state.plusAccessibilityLabel
      case .save, .clearEntry: return element.label + ": " + state.title + ", " + state.dateText
      default:
        return nil
      }
    case .note(let state):
      if element.identifier == .field(.noteText) {
        return state.title + ", " + state.subtitle + (state.text.isEmpty ? "" : ": " + state.text)
          + (state.error.map { ", " + $0 } ?? "")
      }
      return element.label + ": " + state.subtitle
    case .trackerForm(let state):
      if state.discardQuestion != nil { return nil }
      return formName(element, state)
    case .categories(let state):
      if let menu = view.categoryMenu {
        return state.rows.first { $0.id == menu.categoryID }.map { element.label + ": " + $0.title }
      }
      if let confirmation = state.deleteConfirmation {
        return state.rows.first { $0.id == confirmation.categoryID }.map { element.label + ": " + $0.title }
      }
      return nil
    case .categoryForm(let state):
      if element.identifier == .field(.title) {
        return state.text.isEmpty ? nil : localizer.text(.spokenCategoryName) + ": " + state.text
      }
      return nil
    case .calendar(let state):
      switch element.identifier {
      case .previousMonth, .nextMonth:
        let month = state.month.month + (element.identifier == .previousMonth ? -1 : 1)
        let (year, number) = (state.month.year + (month - 1).floorDivided(by: 12), (month + 11) % 12 + 1)
        return element.label + ": " + localizer.monthName(number) + " \(year)"
      case .day(let day):
        guard let cell = state.weeks.joined().first(where: { $0.day == day }) else { return nil }
        var name = date(day)
        if cell.isToday { name = localizer.text(.spokenToday(label: name)) }
        return cell.isSelected ? localizer.text(.spokenChosen(label: name)) : name
      default:
        return nil
      }
    case .dayStart(let state):
      guard case .hour(let hour) = element.identifier,
        let row = state.rows.first(where: { $0.start.hour == hour })
      else {
        return nil
      }
      let name = localizer.text(.settingsDayStart(row.title))
      return row.isChecked ? localizer.text(.spokenChosen(label: name)) : name
    case .timePicker(let state):
      if element.identifier == .field(.time) {
        return state.text.isEmpty ? state.title : state.title + ": " + state.text
      }
      return nil
    case .detail(let state):
      switch element.identifier {
      case .back: return element.label + ": " + (view.tabBar?.trackersTitle ?? state.name)
      case .day(let day):
        guard !element.isEnabled else { return nil }
        return date(day)
      default:
        // Edit, Delete and the buttons of its questions act on the tracker shown.
        return element.label + ": " + state.name
      }
    default: return nil  // a screen whose elements say all in their labels
    }
  }

  private func formName(_ element: Element, _ state: TrackerFormViewModel.State) -> String? {
    switch element.identifier {
    case .field(.name):
      guard !state.name.isEmpty else { return nil }
      return localizer.text(.spokenName) + ": " + state.name + (state.nameError.map { ", " + $0 } ?? "")
    case .categoryRow: return state.categoryValue.map { state.categoryTitle + ": " + $0 }
    case .scheduleRow: return state.scheduleValue.map { state.scheduleTitle + ": " + $0 }
    case .emoji:
      let name = state.emojiTitle + " " + element.label
      return element.isChecked == true ? localizer.text(.spokenChosen(label: name)) : name
    case .color(let number):
      let name = localizer.text(.appColor(number: number, count: colorCount))
      return element.isChecked == true ? localizer.text(.spokenChosen(label: name)) : name
    case .daysMinus, .daysPlus:
      guard let counter = state.dayCounter else { return nil }
      let name =
        (element.identifier == .daysMinus ? counter.minusAccessibilityLabel : counter.plusAccessibilityLabel)
        + ": " + counter.text
      return name
    // Issue 48: reminders
    case .formReminder(let time):
      let details = state.reminders.rows.first { $0.time == time }?.details
      return state.reminders.title + ": " + element.label + (details.map { ", " + $0 } ?? "")
    case .addReminder, .removeReminder: return nil
    // Issue 32: form
    case .measure:
      let name = state.measure.title + ": " + element.label
      return element.isChecked == true ? localizer.text(.spokenChosen(label: name)) : name
    case .direction, .targetPeriod:
      let name = state.measure.targetTitle + ": " + element.label
      return element.isChecked == true ? localizer.text(.spokenChosen(label: name)) : name
    case .field(.unit):
      let fields = state.measure
      return fields.unitTitle + (fields.unit.isEmpty ? "" : ": " + fields.unit)
        + (fields.unitError.map { ", " + $0 } ?? "")
    case .field(.target):
      let fields = state.measure
      let amount = [fields.target, NameRules.trimmed(fields.unit)].filter { !$0.isEmpty }.joined(
        separator: " ")
      return fields.targetTitle + (fields.target.isEmpty ? "" : ": " + amount)
        + (fields.targetError.map { ", " + $0 } ?? "")
    default:
      return nil
    }
  }

  /// A tab, and whether it is the one shown.
  private func tabName(_ element: Element) -> String {
    let name = localizer.text(.spokenTab(title: element.label))
    return element.isChecked == true ? localizer.text(.spokenChosen(label: name)) : name
  }

  /// "Thu 3 Dec" / "Чт 3 дек.".
  private func date(_ day: Day) -> String {
    localizer.weekdayShortName(iso: day.weekday.rawValue) + " "
      + localizer.dayAndMonth(day: day.components.day, month: day.components.month)
  }

  /// Why `element`, disabled, cannot be used now: in the words of its screen.
  private func reason(_ element: Element) -> String? {
    let future = localizer.text(.spokenReasonFuture)
    // A form whose save is on its way: its buttons wait for it, whatever else they would need.
    if view.presented.last?.isSaving == true { return localizer.text(.spokenReasonSaving) }
    switch view.presented.last {
    case nil:
      if case .complete = element.identifier { return future }
      return nil
    case .detail:
      if case .day = element.identifier { return future }
      return nil
    case .trackerForm(let state):
      if element.identifier == .daysMinus {
        return state.dayCounter.map { _ in localizer.text(.spokenReasonNoDays) }
      }
      if element.identifier == .create { return missing(in: state) }
      return nil
    case .categoryForm(let state): return state.error ?? localizer.text(.spokenReasonName)
    case .timePicker(let state): return state.error ?? localizer.text(.spokenReasonTime)
    case .amount(let state):
      if element.identifier == .save { return state.error ?? localizer.text(.spokenReasonAmount) }
      if element.identifier == .clearEntry { return localizer.text(.spokenReasonNothingToClear) }
      return nil
    case .note(let state):
      if element.identifier == .save { return state.error ?? localizer.text(.spokenReasonNote) }
      if element.identifier == .clearEntry { return localizer.text(.spokenReasonNothingToClear) }
      return nil
    default: return nil  // a screen whose elements need no reason beyond their labels
    }
  }

  /// What the tracker form still needs before it can be saved: its name's error, else what is
  /// not filled in yet, in the form's words ("fill in first: name, category, emoji").
  private func missing(in state: TrackerFormViewModel.State) -> String {
    if let error = state.nameError ?? state.measure.unitError ?? state.measure.targetError { return error }
    var missing: [String] = []
    // Blank as the name's rule sees it: white space, or joiners and variation selectors alone.
    if NameRules.isBlankAsTyped(state.name) { missing.append(localizer.text(.spokenName)) }
    if state.categoryValue == nil { missing.append(state.categoryTitle) }
    if state.hasSchedule, state.scheduleValue == nil { missing.append(state.scheduleTitle) }
    if state.measure.isMeasurable {
      if state.measure.unit.trimmingCharacters(in: .whitespaces).isEmpty {
        missing.append(state.measure.unitTitle)
      }
      if state.measure.target.trimmingCharacters(in: .whitespaces).isEmpty {
        missing.append(state.measure.targetTitle)
      }
    }
    if !state.emojis.contains(where: \.isSelected) { missing.append(state.emojiTitle) }
    if !state.colors.contains(where: \.isSelected) { missing.append(state.colorTitle) }
    return localizer.text(
      .spokenReasonFillIn(missing: missing.map { $0.lowercased() }.joined(separator: ", ")))
  }
}

extension Element {
  /// Whether it is a switch (its state is said as on or off, not as chosen).
  var isToggle: Bool {
    if case .toggle = kind { return true }
    return false
  }
}

extension Int {
  fileprivate func floorDivided(by divisor: Int) -> Int {
    (self - (self < 0 ? divisor - 1 : 0)) / divisor
  }
}
