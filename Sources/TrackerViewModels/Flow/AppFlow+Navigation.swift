import Foundation
import TrackerLocalization
import TrackerModels

/// Turning the screens' routes into navigation: what is presented, pushed and popped.
extension AppFlow {
  func showMain() {
    onboarding = nil
    focusedField = nil
    let model = TrackersViewModel(environment: environment)
    model.onRoute = { [weak self] route in self?.route(route) }
    trackers = model
    bind(model.observe { _ in })
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

  func presentForm(_ mode: TrackerFormViewModel.Mode) {
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

  func presentCategories(checked: UUID?, for form: TrackerFormViewModel) {
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

  func push(_ screen: Presented) {
    presented.append(screen)
    focusedField = nil
    publish()
  }

  func pop() {
    guard !presented.isEmpty else { return }
    presented.removeLast()
    categoryMenu = nil
    focusedField = nil
    publish()
  }

  func bind(_ token: BindingToken) { bindings.append(token) }

  func publish() {
    let current = view
    guard current != lastView else { return }
    lastView = current
    observers.notify(current)
  }
}
