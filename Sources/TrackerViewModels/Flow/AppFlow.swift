import Foundation
import TrackerLocalization
import TrackerModels

/// The whole app: onboarding on first launch, the two tabs, and the sheets and menus over them.
/// It owns the screens' view models, turns their routes into navigation, exposes everything on
/// screen as one value (`view`) with the elements a user can act on (`elements`), and performs
/// user actions on them (`perform`) — for renderers, scripts and tests alike.
@MainActor
public final class AppFlow {
  /// The tabs of the tab bar.
  public enum Tab: Equatable, Sendable {
    case trackers, statistics
  }

  /// A presented screen with its view model.
  enum Presented {
    case typePicker(TypePickerViewModel)
    case trackerForm(TrackerFormViewModel)
    case categories(CategoryListViewModel)
    case categoryForm(CategoryFormViewModel)
    case schedule(ScheduleViewModel)
    case filters(FiltersViewModel)
    case calendar(CalendarViewModel)
  }

  /// The environment every screen gets.
  public let environment: AppEnvironment
  private(set) var onboarding: OnboardingViewModel?
  private(set) var trackers: TrackersViewModel?
  private(set) var statistics: StatisticsViewModel?
  private(set) var tab = Tab.trackers
  private(set) var presented: [Presented] = []
  private(set) var categoryMenu: UUID?
  private(set) var focusedField: String?
  private var bindings: [BindingToken] = []
  private let observers = StateObservers<AppView>()
  private var lastView: AppView?

  /// The app as launched: onboarding until it was finished once, then the main screen.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let settings = (try? environment.store.settings()) ?? StoreSettings()
    if settings.isOnboardingDone {
      showMain()
    } else {
      let model = OnboardingViewModel(environment: environment)
      model.onFinish = { [weak self] in self?.showMain() }
      onboarding = model
      bind(model.observe { _ in })
    }
  }

  /// Calls `handler` with the view now and after each change.
  public func observe(_ handler: @escaping (AppView) -> Void) -> BindingToken { observers.add(view, handler) }

  // MARK: What is on screen

  /// Everything on screen.
  public var view: AppView {
    let localizer = environment.localizer
    let base: AppView.Base
    if let onboarding {
      base = .onboarding(onboarding.state)
    } else if tab == .statistics, let statistics {
      base = .statistics(statistics.state)
    } else if let trackers {
      base = .trackers(trackers.state)
    } else {
      // Not reachable: without onboarding the main screen exists. Shown rather than crashing.
      base = .onboarding(OnboardingViewModel(environment: environment).state)
    }
    let tabBar =
      onboarding == nil
      ? AppView.TabBar(
        trackersTitle: localizer.text(.trackersTitle), statisticsTitle: localizer.text(.statisticsTitle),
        selected: tab)
      : nil
    let menu = categoryMenu.map {
      AppView.CategoryMenu(
        categoryID: $0, editTitle: localizer.text(.menuEdit), deleteTitle: localizer.text(.menuDelete))
    }
    return AppView(
      base: base, tabBar: tabBar, presented: presented.map(\.state), categoryMenu: menu,
      focusedField: focusedField)
  }

  /// The name of the screen on top.
  public var screen: ScreenName { view.screen }

  /// What the user can act on now: the topmost layer's elements.
  public var elements: [Element] { ElementTree.elements(of: view, environment: environment) }

  // MARK: Acting

  /// Performs `action` as the user would, or explains why it cannot be done.
  public func perform(_ action: UserAction) throws(FlowError) {
    switch action {
    case .tap(let target): try tap(try find(target))
    case .longPress(let target): try longPress(try find(target))
    case .type(let text):
      guard let field = focusedField else { throw failure("no text field is focused; tap one first") }
      setText(of: field, to: currentText(of: field) + text)
    case .clear:
      guard let field = focusedField else { throw failure("no text field is focused; tap one first") }
      setText(of: field, to: "")
    case .swipe(let direction):
      guard let onboarding, presented.isEmpty else { throw failure("nothing here changes with a swipe") }
      if direction == .left { onboarding.swipedLeft() } else { onboarding.swipedRight() }
    case .dismiss:
      try dismissTop()
    }
    publish()
  }

  /// The element `target` names, if exactly one matches.
  public func find(_ target: UserAction.Target) throws(FlowError) -> Element {
    let all = elements
    let matches: [Element]
    switch target {
    case .identifier(let identifier): matches = all.filter { $0.identifier == identifier }
    case .label(let label): matches = all.filter { $0.label == label }
    }
    guard !matches.isEmpty else {
      throw FlowError(message: "nothing on screen matches \(target)", elements: all)
    }
    guard matches.count == 1 else {
      throw FlowError(
        message: "\(matches.count) elements match \(target); use an identifier", elements: matches)
    }
    return matches[0]
  }

  // MARK: Private: actions

  private func failure(_ message: String) -> FlowError { FlowError(message: message, elements: elements) }

  private func tap(_ element: Element) throws(FlowError) {
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

  private func tapOnMain(_ id: String) throws(FlowError) {
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

  private func tap(_ id: String, on top: Presented) throws(FlowError) {
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

  private func longPress(_ element: Element) throws(FlowError) {
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

  private func dismissTop() throws(FlowError) {
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

  private func selectTab(_ tab: Tab) {
    self.tab = tab
    if tab == .statistics, statistics == nil {
      let model = StatisticsViewModel(environment: environment)
      statistics = model
      bind(model.observe { _ in })
    }
  }

  // MARK: Private: text fields

  private func currentText(of field: String) -> String {
    switch (field, presented.last) {
    case ("search", nil): return trackers?.state.searchText ?? ""
    case ("name", .trackerForm(let model)?): return model.state.name
    case ("title", .categoryForm(let model)?): return model.state.text
    default: return ""
    }
  }

  private func setText(of field: String, to text: String) {
    switch (field, presented.last) {
    case ("search", nil): trackers?.searchChanged(text)
    case ("name", .trackerForm(let model)?): model.nameChanged(text)
    case ("title", .categoryForm(let model)?): model.textChanged(text)
    default: break
    }
  }

  // MARK: Private: navigation

  private func showMain() {
    onboarding = nil
    focusedField = nil
    let model = TrackersViewModel(environment: environment)
    model.onRoute = { [weak self] route in self?.route(route) }
    trackers = model
    bind(model.observe { _ in })
    publish()
  }

  private func route(_ route: TrackersViewModel.Route) {
    switch route {
    case .typePicker:
      let model = TypePickerViewModel(environment: environment)
      model.onChoice = { [weak self] choice in
        self?.pop()
        self?.presentForm(choice == .habit ? .newHabit : .newEvent)
      }
      push(.typePicker(model))
    case .calendar(let selected):
      let model = CalendarViewModel(environment: environment, selected: selected)
      model.onChoice = { [weak self] day in
        self?.pop()
        self?.trackers?.daySelected(day)
      }
      bind(model.observe { [weak self] _ in self?.publish() })
      push(.calendar(model))
    case .filters(let current):
      let model = FiltersViewModel(environment: environment, current: current)
      model.onChoice = { [weak self] filter in
        self?.pop()
        self?.trackers?.filterChosen(filter)
      }
      push(.filters(model))
    case .editTracker(let summary):
      presentForm(.edit(summary))
    }
  }

  private func presentForm(_ mode: TrackerFormViewModel.Mode) {
    let form = TrackerFormViewModel(environment: environment, mode: mode)
    form.onRoute = { [weak self, weak form] route in
      guard let self, let form else { return }
      switch route {
      case .close: self.pop()
      case .categories(let checked): self.presentCategories(checked: checked, for: form)
      case .schedule(let days):
        let schedule = ScheduleViewModel(environment: self.environment, days: days)
        schedule.onDone = { [weak self, weak form] days in
          self?.pop()
          form?.scheduleChosen(days)
        }
        self.bind(schedule.observe { [weak self] _ in self?.publish() })
        self.push(.schedule(schedule))
      }
    }
    bind(form.observe { [weak self] _ in self?.publish() })
    push(.trackerForm(form))
  }

  private func presentCategories(checked: UUID?, for form: TrackerFormViewModel) {
    let list = CategoryListViewModel(environment: environment, checked: checked)
    list.onRoute = { [weak self, weak form, weak list] route in
      guard let self, let list else { return }
      switch route {
      case .chosen(let id):
        self.pop()
        form?.categoryChosen(id)
      case .newCategory, .editCategory:
        var editing: TrackerCategory?
        if case .editCategory(let id) = route {
          editing = ((try? self.environment.store.categories()) ?? []).first { $0.id == id }
        }
        let categoryForm = CategoryFormViewModel(environment: self.environment, editing: editing)
        categoryForm.onDone = { [weak self, weak list] id in
          self?.pop()
          // A new category comes back checked; choosing it is still the user's tap (seed 3c–d).
          if editing == nil { list?.categoryCreated(id) }
        }
        self.bind(categoryForm.observe { [weak self] _ in self?.publish() })
        self.push(.categoryForm(categoryForm))
      }
    }
    bind(list.observe { [weak self] _ in self?.publish() })
    push(.categories(list))
  }

  private func push(_ screen: Presented) {
    presented.append(screen)
    focusedField = nil
    publish()
  }

  private func pop() {
    guard !presented.isEmpty else { return }
    presented.removeLast()
    categoryMenu = nil
    focusedField = nil
    publish()
  }

  private func bind(_ token: BindingToken) { bindings.append(token) }

  private func publish() {
    let current = view
    guard current != lastView else { return }
    lastView = current
    observers.notify(current)
  }

  private func card(named name: String) -> TrackersViewModel.Card? {
    trackers?.state.sections.flatMap(\.cards).first { $0.name == name }
  }
}

extension AppFlow.Presented {
  /// The presented screen's state.
  @MainActor
  var state: AppView.Presented {
    switch self {
    case .typePicker(let model): return .typePicker(model.state)
    case .trackerForm(let model): return .trackerForm(model.state)
    case .categories(let model): return .categories(model.state)
    case .categoryForm(let model): return .categoryForm(model.state)
    case .schedule(let model): return .schedule(model.state)
    case .filters(let model): return .filters(model.state)
    case .calendar(let model): return .calendar(model.state)
    }
  }
}

extension String {
  /// The rest of the string after `prefix`, or nil when it does not start with it.
  func dropPrefix(_ prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
