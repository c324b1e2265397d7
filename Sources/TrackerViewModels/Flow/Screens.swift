import Foundation

// The app's screens, in one list. A new screen presented over the tabs is one line in each list
// and each switch of this file (the compiler points to every one once the first is there), and
// its view model conforms to `PresentedScreen`. Everything else the flow does with a presented
// screen (identity, bindings, alerts, saving, closing, the clock and the language) comes from
// that protocol, not from switches of its own. What is new code of the screen itself: how it
// opens (`AppFlow+Navigation`), what a user acts on (TrackerAutomation's elements) and how it is
// drawn (TrackerTextRenderer). docs/architecture.md, "Adding a screen".

/// The stable names of the screens (docs/command-line.md), used by `show`, scripts and snapshot names.
public enum ScreenName: String, CaseIterable, Sendable {
  case onboarding
  case trackers
  case typePicker = "type-picker"
  case trackerForm = "tracker-form"
  case categories
  case categoryForm = "category-form"
  case schedule
  case filters
  case calendar
  case statistics
  case detail
  case settings
  case permission
  case timePicker = "time-picker"
  case dayStart = "day-start"
  case amount
  case note
}

extension AppFlow {
  /// A presented screen with its view model: what a client draws as a sheet or a pushed screen
  /// (`switch` over it to pick the view). Its view model identifies it, and so its equality: an
  /// element of `NavigationStack(path:)`.
  public enum Presented: Identifiable, Hashable {
    case typePicker(TypePickerViewModel)
    case trackerForm(TrackerFormViewModel)
    case categories(CategoryListViewModel)
    case categoryForm(CategoryFormViewModel)
    case schedule(ScheduleViewModel)
    case filters(FiltersViewModel)
    case calendar(CalendarViewModel)
    case detail(DetailViewModel)
    case permission(PermissionViewModel)
    case timePicker(TimePickerViewModel)
    case dayStart(DayStartViewModel)
    case amount(AmountViewModel)
    case note(NoteViewModel)

    /// The presented screen's view model, as the flow drives it.
    package var model: any PresentedScreen {
      switch self {
      case .typePicker(let model): model
      case .trackerForm(let model): model
      case .categories(let model): model
      case .categoryForm(let model): model
      case .schedule(let model): model
      case .filters(let model): model
      case .calendar(let model): model
      case .detail(let model): model
      case .permission(let model): model
      case .timePicker(let model): model
      case .dayStart(let model): model
      case .amount(let model): model
      case .note(let model): model
      }
    }

    /// The presented screen's state, as the flow's `view` shows it.
    @MainActor
    var state: AppView.Presented {
      switch self {
      case .typePicker(let model): .typePicker(model.state)
      case .trackerForm(let model): .trackerForm(model.state)
      case .categories(let model): .categories(model.state)
      case .categoryForm(let model): .categoryForm(model.state)
      case .schedule(let model): .schedule(model.state)
      case .filters(let model): .filters(model.state)
      case .calendar(let model): .calendar(model.state)
      case .detail(let model): .detail(model.state)
      case .permission(let model): .permission(model.state)
      case .timePicker(let model): .timePicker(model.state)
      case .dayStart(let model): .dayStart(model.state)
      case .amount(let model): .amount(model.state)
      case .note(let model): .note(model.state)
      }
    }
  }
}

extension AppView {
  /// A sheet or modal screen over the base, as display-ready values: what a renderer draws.
  public enum Presented: Equatable, Sendable {
    case typePicker(TypePickerViewModel.State)
    case trackerForm(TrackerFormViewModel.State)
    case categories(CategoryListViewModel.State)
    case categoryForm(CategoryFormViewModel.State)
    case schedule(ScheduleViewModel.State)
    case filters(FiltersViewModel.State)
    case calendar(CalendarViewModel.State)
    case detail(DetailViewModel.State)
    case permission(PermissionViewModel.State)
    case timePicker(TimePickerViewModel.State)
    case dayStart(DayStartViewModel.State)
    case amount(AmountViewModel.State)
    case note(NoteViewModel.State)

    /// The screen's state, as every screen's state answers for it (its alert, its save).
    public var content: any ScreenState {
      switch self {
      case .typePicker(let state): state
      case .trackerForm(let state): state
      case .categories(let state): state
      case .categoryForm(let state): state
      case .schedule(let state): state
      case .filters(let state): state
      case .calendar(let state): state
      case .detail(let state): state
      case .permission(let state): state
      case .timePicker(let state): state
      case .dayStart(let state): state
      case .amount(let state): state
      case .note(let state): state
      }
    }

    /// The screen's stable name.
    public var name: ScreenName {
      switch self {
      case .typePicker: .typePicker
      case .trackerForm: .trackerForm
      case .categories: .categories
      case .categoryForm: .categoryForm
      case .schedule: .schedule
      case .filters: .filters
      case .calendar: .calendar
      case .detail: .detail
      case .permission: .permission
      case .timePicker: .timePicker
      case .dayStart: .dayStart
      case .amount: .amount
      case .note: .note
      }
    }
  }
}
