import Foundation
import TrackerLocalization
import TrackerModels

/// What each tap, long press, swipe, text and dismissal does on the screen on top.
extension AppFlow {
  func failure(_ message: String) -> FlowError { FlowError(message: message, elements: elements) }

  func tap(_ element: Element) throws(FlowError) {
    guard element.isEnabled else { throw failure("\(element) is disabled") }
    if case .textField = element.kind {
      focusedField = element.identifier
      return
    }
    let id = element.identifier
    if let onboarding {
      if id == "start" { onboarding.startTapped() }
      return
    }
    if let top = presented.last {
      try tap(id, on: top)
      return
    }
    try tapOnMain(id)
  }

  func tapOnMain(_ id: String) throws(FlowError) {
    guard let trackers else { return }
    if let menu = trackers.state.menu {
      switch id {
      case "pin", "unpin": trackers.pinTapped()
      case "edit": trackers.editTapped()
      case "delete": trackers.deleteTapped()
      case "confirm": trackers.deleteConfirmed()
      case "cancel": trackers.menuDismissed()
      default: throw failure("the menu of \(menu.trackerID) has no #\(id)")
      }
      return
    }
    switch id {
    case "tab-trackers": selectTab(.trackers)
    case "tab-statistics": selectTab(.statistics)
    case "add": trackers.addTapped()
    case "date": trackers.dateTapped()
    case "filters": trackers.filtersTapped()
    default:
      if let name = id.dropPrefix("complete:"), let card = card(named: name) {
        trackers.completeTapped(card.id)
      } else if id.hasPrefix("card:") {
        // Tapping a card itself does nothing; its menu opens with a long press.
      } else {
        throw failure("cannot tap #\(id) here")
      }
    }
  }

  func tap(_ id: String, on top: Presented) throws(FlowError) {
    switch top {
    case .typePicker(let model):
      if id == "habit" { model.habitTapped() } else if id == "event" { model.eventTapped() }
    case .trackerForm(let model):
      switch id {
      case "clear-name": model.clearNameTapped()
      case "category": model.categoryTapped()
      case "schedule": model.scheduleTapped()
      case "days-minus": model.daysMinusTapped()
      case "days-plus": model.daysPlusTapped()
      case "cancel": model.cancelTapped()
      case "create": model.createTapped()
      default:
        if let number = id.dropPrefix("emoji:").flatMap({ Int($0) }) {
          model.emojiTapped(number - 1)
        } else if let number = id.dropPrefix("color:").flatMap({ Int($0) }) {
          model.colorTapped(number - 1)
        }
      }
    case .categories(let model):
      if let categoryMenu {
        self.categoryMenu = nil
        if id == "edit" {
          model.editTapped(categoryMenu)
        } else if id == "delete" {
          model.deleteTapped(categoryMenu)
        }
        return
      }
      if model.state.deleteConfirmation != nil {
        if id == "confirm" { model.deleteConfirmed() } else if id == "cancel" { model.deleteCancelled() }
        return
      }
      if id == "add-category" {
        model.addTapped()
      } else if let title = id.dropPrefix("category:"),
        let row = model.state.rows.first(where: { $0.title == title })
      {
        model.categoryTapped(row.id)
      }
    case .categoryForm(let model):
      if id == "done" { model.doneTapped() }
    case .schedule(let model):
      if id == "done" {
        model.doneTapped()
      } else if let code = id.dropPrefix("day:"), let weekday = Weekday(code: code) {
        model.switchToggled(weekday)
      }
    case .filters(let model):
      if let raw = id.dropPrefix("filter:"), let filter = TrackerFilter(rawValue: raw) {
        model.filterTapped(filter)
      }
    case .calendar(let model):
      switch id {
      case "prev-month": model.previousMonthTapped()
      case "next-month": model.nextMonthTapped()
      default:
        if let text = id.dropPrefix("day:"), let day = try? Day(iso: text) { model.dayTapped(day) }
      }
    }
  }

  func longPress(_ element: Element) throws(FlowError) {
    let id = element.identifier
    if presented.isEmpty, let trackers, trackers.state.menu == nil, let name = id.dropPrefix("card:"),
      let card = card(named: name)
    {
      trackers.cardLongPressed(card.id)
      return
    }
    if case .categories(let model)? = presented.last, let title = id.dropPrefix("category:"),
      let row = model.state.rows.first(where: { $0.title == title })
    {
      categoryMenu = row.id
      return
    }
    throw failure("\(element) has no long-press menu")
  }

  func dismissTop() throws(FlowError) {
    if let trackers, presented.isEmpty, trackers.state.menu != nil {
      trackers.menuDismissed()
      return
    }
    if categoryMenu != nil {
      categoryMenu = nil
      return
    }
    if case .categories(let model)? = presented.last, model.state.deleteConfirmation != nil {
      model.deleteCancelled()
      return
    }
    guard !presented.isEmpty else { throw failure("there is no sheet or menu to dismiss") }
    pop()
  }

  func selectTab(_ tab: Tab) {
    self.tab = tab
    if tab == .statistics, statistics == nil {
      let model = StatisticsViewModel(environment: environment)
      statistics = model
      bind(model.observe { _ in })
    }
  }

  func card(named name: String) -> TrackersViewModel.Card? {
    trackers?.state.sections.flatMap(\.cards).first { $0.name == name }
  }

  func currentText(of field: String) -> String {
    switch (field, presented.last) {
    case ("search", nil): return trackers?.state.searchText ?? ""
    case ("name", .trackerForm(let model)?): return model.state.name
    case ("title", .categoryForm(let model)?): return model.state.text
    default: return ""
    }
  }

  func setText(of field: String, to text: String) {
    switch (field, presented.last) {
    case ("search", nil): trackers?.searchChanged(text)
    case ("name", .trackerForm(let model)?): model.nameChanged(text)
    case ("title", .categoryForm(let model)?): model.textChanged(text)
    default: break
    }
  }
}
