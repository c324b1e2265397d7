import TrackerLocalization
import TrackerModels

/// The elements of the topmost layer of a view, with the identifiers of DESIGN.md §9.
enum ElementTree {
  static func elements(of view: AppView, environment: AppEnvironment) -> [Element] {
    if let top = view.presented.last { return elements(of: top, categoryMenu: view.categoryMenu) }
    switch view.base {
    case .onboarding(let state):
      return [Element(identifier: "start", label: state.buttonTitle)]
    case .statistics:
      return tabs(view.tabBar)
    case .trackers(let state):
      if let menu = state.menu {
        if menu.deleteQuestion != nil {
          return [
            Element(identifier: "confirm", label: menu.confirmTitle),
            Element(identifier: "cancel", label: menu.cancelTitle),
          ]
        }
        return [
          Element(identifier: menu.isPinned ? "unpin" : "pin", label: menu.pinTitle),
          Element(identifier: "edit", label: menu.editTitle),
          Element(identifier: "delete", label: menu.deleteTitle),
        ]
      }
      var result = [
        Element(identifier: "add", label: "+"),
        Element(identifier: "date", label: state.dateText),
        Element(
          identifier: "search", label: state.searchText.isEmpty ? state.searchPlaceholder : state.searchText,
          kind: .textField),
      ]
      for card in state.sections.flatMap(\.cards) {
        result.append(Element(identifier: "card:\(card.name)", label: card.name, kind: .card))
        result.append(
          Element(
            identifier: "complete:\(card.name)", label: card.isCompleted ? "✓" : "+",
            isEnabled: card.isCompleteEnabled))
      }
      if state.isFilterButtonVisible {
        result.append(Element(identifier: "filters", label: state.filterButtonTitle))
      }
      return result + tabs(view.tabBar)
    }
  }

  private static func tabs(_ tabBar: AppView.TabBar?) -> [Element] {
    guard let tabBar else { return [] }
    return [
      Element(
        identifier: "tab-trackers", label: tabBar.trackersTitle,
        kind: .tab(isSelected: tabBar.selected == .trackers)),
      Element(
        identifier: "tab-statistics", label: tabBar.statisticsTitle,
        kind: .tab(isSelected: tabBar.selected == .statistics)),
    ]
  }

  private static func elements(of screen: AppView.Presented, categoryMenu: AppView.CategoryMenu?) -> [Element]
  {
    switch screen {
    case .typePicker(let state):
      return [
        Element(identifier: "habit", label: state.habitTitle),
        Element(identifier: "event", label: state.eventTitle),
      ]
    case .trackerForm(let state):
      var result = [
        Element(
          identifier: "name", label: state.name.isEmpty ? state.namePlaceholder : state.name, kind: .textField
        )
      ]
      if state.isClearVisible {
        result.append(Element(identifier: "clear-name", label: state.clearAccessibilityLabel))
      }
      result.append(Element(identifier: "category", label: state.categoryTitle, kind: .row))
      if state.hasSchedule {
        result.append(Element(identifier: "schedule", label: state.scheduleTitle, kind: .row))
      }
      for (index, item) in state.emojis.enumerated() {
        result.append(Element(identifier: "emoji:\(index + 1)", label: item.emoji))
      }
      for (index, item) in state.colors.enumerated() {
        result.append(Element(identifier: "color:\(index + 1)", label: item.color.hex))
      }
      if let counter = state.dayCounter {
        result.append(Element(identifier: "days-minus", label: "−", isEnabled: counter.isMinusEnabled))
        result.append(Element(identifier: "days-plus", label: "+"))
      }
      result.append(Element(identifier: "cancel", label: state.cancelTitle))
      result.append(Element(identifier: "create", label: state.createTitle, isEnabled: state.isCreateEnabled))
      return result
    case .categories(let state):
      if let menu = categoryMenu {
        return [
          Element(identifier: "edit", label: menu.editTitle),
          Element(identifier: "delete", label: menu.deleteTitle),
        ]
      }
      if let confirmation = state.deleteConfirmation {
        return [
          Element(identifier: "confirm", label: confirmation.confirmTitle),
          Element(identifier: "cancel", label: confirmation.cancelTitle),
        ]
      }
      return state.rows.map { Element(identifier: "category:\($0.title)", label: $0.title, kind: .row) }
        + [Element(identifier: "add-category", label: state.addTitle)]
    case .categoryForm(let state):
      return [
        Element(
          identifier: "title", label: state.text.isEmpty ? state.placeholder : state.text, kind: .textField),
        Element(identifier: "done", label: state.doneTitle, isEnabled: state.isDoneEnabled),
      ]
    case .schedule(let state):
      return state.rows.map {
        Element(identifier: "day:\($0.weekday.code)", label: $0.title, kind: .toggle(isOn: $0.isOn))
      }
        + [Element(identifier: "done", label: state.doneTitle)]
    case .filters(let state):
      return state.rows.map {
        Element(identifier: "filter:\($0.filter.rawValue)", label: $0.title, kind: .row)
      }
    case .calendar(let state):
      var result = [
        Element(identifier: "prev-month", label: state.previousAccessibilityLabel),
        Element(identifier: "next-month", label: state.nextAccessibilityLabel),
      ]
      for cell in state.weeks.joined() {
        if let day = cell.day { result.append(Element(identifier: "day:\(day.iso)", label: cell.text)) }
      }
      return result
    }
  }
}
