import Foundation
import TrackerLocalization
import TrackerModels

/// Turning the screens' routes into navigation: what is presented and closed, and publishing
/// the view after every change.
extension AppFlow {
  func showMain() {
    onboarding = nil
    onboardingBinding = nil
    focusedField = nil
    let model = TrackersViewModel(environment: environment)
    model.onRoute = { [weak self] route in self?.route(route) }
    trackers = model
    trackersBinding = model.observe { [weak self] _ in self?.publish() }
    model.screenOpened()
    publish()
  }

  func route(_ route: TrackersViewModel.Route) {
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
    case .detail(let id, let selectedDay):
      let model = DetailViewModel(environment: environment, trackerID: id, selectedDay: selectedDay)
      model.onRoute = { [weak self, weak model] route in
        guard let self, let model else { return }
        switch route {
        case .close: self.close(model)
        case .edit(let summary): self.presentForm(.edit(summary))
        case .note(let day): self.presentNote(trackerID: id, day: day)
        }
      }
      push(.detail(model))
    case .amount(let id, let day):
      let model = AmountViewModel(environment: environment, trackerID: id, day: day)
      model.onClose = { [weak self, weak model] in self?.pop(model) }
      push(.amount(model))
      focusedField = .amount
      publish()
    case .note(let id, let day):
      presentNote(trackerID: id, day: day)
    }
  }

  func route(_ route: SettingsViewModel.Route, from settings: SettingsViewModel) {
    switch route {
    case .permission:
      let model = PermissionViewModel(environment: environment)
      model.onChoice = { [weak self, weak settings] allowed in
        self?.pop()
        if allowed { settings?.permissionAllowed() } else { settings?.permissionPostponed() }
      }
      push(.permission(model))
    case .timePicker(let time):
      let model = TimePickerViewModel(environment: environment, time: time)
      model.onDone = { [weak self, weak settings] time in
        self?.pop()
        settings?.timeChosen(time)
      }
      push(.timePicker(model))
      focusedField = .time
      publish()
    case .dayStart(let current):
      let model = DayStartViewModel(environment: environment, current: current)
      model.onChoice = { [weak self, weak settings] start in
        self?.pop()
        settings?.dayStartChosen(start)
      }
      push(.dayStart(model))
    }
  }

  /// The note sheet of tracker `trackerID` on `day`, its text focused.
  func presentNote(trackerID: UUID, day: Day) {
    let model = NoteViewModel(environment: environment, trackerID: trackerID, day: day)
    model.onClose = { [weak self, weak model] in self?.pop(model) }
    push(.note(model))
    focusedField = .noteText
    publish()
  }

  /// Closes the detail `model`, wherever it is (its tracker may be deleted while the form is over it).
  func close(_ model: DetailViewModel) {
    guard
      let index = layers.firstIndex(where: {
        if case .detail(let shown) = $0.screen { return shown === model }
        return false
      })
    else { return }
    layers.removeSubrange(index...)
    focusedField = nil
    publish()
  }

  func presentForm(_ mode: TrackerFormViewModel.Mode) {
    let form = TrackerFormViewModel(environment: environment, mode: mode)
    form.onRoute = { [weak self, weak form] route in
      guard let self, let form else { return }
      switch route {
      case .close: self.pop(form)
      case .categories(let checked): self.presentCategories(checked: checked, for: form)
      case .schedule(let choice):
        let schedule = ScheduleViewModel(environment: self.environment, choice: choice)
        schedule.onDone = { [weak self, weak form] choice in
          self?.pop()
          form?.scheduleChosen(choice)
        }
        self.push(.schedule(schedule))
      case .reminderTime(let time, let replacing):
        let picker = TimePickerViewModel(environment: self.environment, time: time)
        picker.onDone = { [weak self, weak form] time in
          self?.pop()
          form?.reminderTimeChosen(time, replacing: replacing)
        }
        self.push(.timePicker(picker))
        self.focusedField = .time
        self.publish()
      }
    }
    push(.trackerForm(form))
  }

  func presentCategories(checked: UUID?, for form: TrackerFormViewModel) {
    let list = CategoryListViewModel(environment: environment, checked: checked)
    list.onRoute = { [weak self, weak form, weak list] route in
      guard let self else { return }
      switch route {
      case .chosen(let id):
        self.pop(list)
        form?.categoryChosen(id)
      case .newCategory, .editCategory:
        var editing: TrackerCategory?
        if case .editCategory(let category) = route { editing = category }
        let categoryForm = CategoryFormViewModel(environment: self.environment, editing: editing)
        categoryForm.onDone = { [weak self, weak list, weak categoryForm] id in
          self?.pop(categoryForm)
          // A new category comes back checked (seed 3c) and is the form's at once (issue 49): the
          // list stays, a tap or Esc takes the user back to the form with it chosen.
          if editing == nil {
            list?.categoryCreated(id)
            form?.categoryChosen(id)
          }
        }
        self.push(.categoryForm(categoryForm))
      }
    }
    push(.categories(list))
  }

  /// Presents `screen` on top and follows its state until it closes.
  func push(_ screen: Presented) {
    focusedField = nil
    layers.append(Layer(screen: screen, binding: binding(to: screen)))
    publish()
  }

  /// The user closed the screen on top by a gesture the system handles (a swipe down, a swipe
  /// back): it is closed already, and the flow follows. A permission sheet closed so is "Not now".
  func closedByUser() {
    guard let top = layers.last?.screen else { return }
    if case .permission(let model) = top { model.notNowTapped() }
    if layers.last?.screen == top { pop() }
  }

  /// Closes the screen on top; its view model and the flow's binding to it go with it.
  func pop() {
    guard !layers.isEmpty else { return }
    layers.removeLast()
    categoryMenu = nil
    focusedField = nil
    publish()
  }

  /// Closes `model`'s screen when it is on top: a screen's own close that comes after a write
  /// (its save ended) closes nothing else when the user closed it meanwhile.
  func pop(_ model: AnyObject?) {
    guard let model, let top = layers.last, top.screen.id == ObjectIdentifier(model) else { return }
    pop()
  }

  /// Shows the flow's view to its observers; while one action is handled, only once at its end
  /// (and the view is built only then).
  package func publish() { published.publish() }

  /// Handles one action (`send`, `perform`): the screens it touches may change many times, the
  /// flow publishes once, at the end.
  package func oneState<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    try published.oneState(body)
  }

  private func binding(to screen: Presented) -> BindingToken {
    screen.model.observeChanges { [weak self] in self?.publish() }
  }
}
