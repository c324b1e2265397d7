import Foundation
import TodoModels
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// The to-do list (seed 003, screen `todos`): the tasks newest first, done ones marked; on first
/// launch, or whenever no task is stored, the starting tasks are loaded from the network once.
@MainActor
public final class TodoListViewModel: ObservableViewModel, RegionFollowing {
  /// One task's row.
  public struct Row: Equatable, Sendable, Identifiable {
    public var id: UUID
    /// Nil when the task has no title.
    public var title: String?
    public var text: String
    /// Drawn on a green background (a ✓ in plain text).
    public var isDone: Bool

    /// A value with every field given.
    public init(id: UUID, title: String?, text: String, isDone: Bool) {
      self.id = id
      self.title = title
      self.text = text
      self.isDone = isDone
    }
  }

  /// Why the starting tasks did not come, and the way to try again.
  public struct LoadFailure: Equatable, Sendable {
    public var title: String
    public var reason: String
    public var retryTitle: String

    /// A value with every field given.
    public init(title: String, reason: String, retryTitle: String) {
      self.title = title
      self.reason = reason
      self.retryTitle = retryTitle
    }
  }

  /// The delete question of a swiped row.
  public struct DeleteQuestion: Equatable, Sendable {
    /// The task the question is about.
    public var taskID: UUID
    /// "Delete this task?".
    public var question: String
    /// The task named under the question, quoted: its title, else its text's first line, cut at
    /// `TodoListViewModel.nameLimit` characters.
    public var taskName: String
    /// "Delete".
    public var confirmTitle: String
    /// "Cancel".
    public var cancelTitle: String

    /// A value with every field given.
    public init(taskID: UUID, question: String, taskName: String, confirmTitle: String, cancelTitle: String) {
      self.taskID = taskID
      self.question = question
      self.taskName = taskName
      self.confirmTitle = confirmTitle
      self.cancelTitle = cancelTitle
    }
  }

  /// How many characters of a task's title or text the delete question quotes.
  public static let nameLimit = 60

  /// What the list shows.
  public struct State: Equatable, Sendable, AlertShowing {
    public var title: String
    public var addAccessibilityLabel: String
    public var rows: [Row]
    /// "Loading tasks…" while the starting tasks are on their way.
    public var loadingText: String?
    public var loadFailure: LoadFailure?
    /// "No tasks yet" for an empty list that is not loading.
    public var placeholder: String?
    public var deleteQuestion: DeleteQuestion?
    public var alert: AlertState?

    /// A value with every field given.
    public init(
      title: String, addAccessibilityLabel: String, rows: [Row], loadingText: String? = nil,
      loadFailure: LoadFailure? = nil, placeholder: String? = nil, deleteQuestion: DeleteQuestion? = nil,
      alert: AlertState? = nil
    ) {
      self.title = title
      self.addAccessibilityLabel = addAccessibilityLabel
      self.rows = rows
      self.loadingText = loadingText
      self.loadFailure = loadFailure
      self.placeholder = placeholder
      self.deleteQuestion = deleteQuestion
      self.alert = alert
    }
  }

  /// Where the list sends the user.
  public enum Route: Equatable, Sendable {
    /// "+": the new task form.
    case newTask
    /// A row: its edit screen.
    case edit(TodoTask)
  }

  public let observable: ObservableState<State>
  public var onRoute: ((Route) -> Void)?
  /// Whether the starting tasks are being loaded (scripts wait for it).
  public var isLoading: Bool { state.loadingText != nil }

  package let environment: TodoEnvironment
  private var tasks: [TodoTask] = []
  /// The tasks whose deletion is still on its way to the file (another program holds it): gone
  /// from the list at once, so they cannot be opened and edited meanwhile; back with the alert
  /// when the deletion fails.
  private var deleting: Set<UUID> = []
  private var subscription: ObservationToken?

  /// The list as stored; loading starts when nothing is.
  public init(environment: TodoEnvironment) {
    self.environment = environment
    let localizer = environment.localizer
    observable = ObservableState(
      State(
        title: localizer.text(.todoTitle), addAccessibilityLabel: localizer.text(.todoAddAccessibility),
        rows: []))
    // The tasks as stored, now and after each burst of commits; loading starts when the first
    // read finds none.
    var isFirstRead = true
    subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in try store.tasks() },
      onChange: { [weak self] read in
        guard let self else { return }
        switch read {
        case .success(let tasks):
          self.tasks = tasks
          // A deletion read as done is no longer waited for.
          self.deleting.formIntersection(tasks.map(\.id))
          // A first read that finds nothing shows the loading at once, never "No tasks yet"
          // before it.
          if isFirstRead, tasks.isEmpty { self.startLoading() } else { self.show() }
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
        isFirstRead = false
      })
    region = following(environment.region) { $0.relabel() }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// Why the starting tasks could not be loaded, while the list says so.
  private var loadError: TodoLoadError?

  /// Every text in the new language.
  private func relabel() {
    let localizer = environment.localizer
    var next = state
    next.title = localizer.text(.todoTitle)
    next.addAccessibilityLabel = localizer.text(.todoAddAccessibility)
    if next.loadingText != nil { next.loadingText = localizer.text(.todoLoading) }
    if next.loadFailure != nil, let loadError { next.loadFailure = Self.failure(loadError, localizer) }
    if let question = next.deleteQuestion, let task = tasks.first(where: { $0.id == question.taskID }) {
      next.deleteQuestion = Self.question(task, localizer)
    }
    next.alert = next.alert?.relabelled(localizer)
    state = next
    show()
  }

  private static func question(_ task: TodoTask, _ localizer: Localizer) -> DeleteQuestion {
    DeleteQuestion(
      taskID: task.id, question: localizer.text(.todoDeleteQuestion),
      taskName: localizer.text(.todoDeleteTaskName(Self.name(of: task))),
      confirmTitle: localizer.text(.menuDelete), cancelTitle: localizer.text(.menuCancel))
  }

  private static func failure(_ error: TodoLoadError, _ localizer: Localizer) -> LoadFailure {
    LoadFailure(
      title: localizer.text(.todoLoadFailed), reason: Self.reason(error, localizer),
      retryTitle: localizer.text(.todoRetry))
  }

  /// Call when the user tapped "+".
  public func addTapped() { onRoute?(.newTask) }

  /// Call when the user tapped a row.
  public func rowTapped(_ id: UUID) {
    guard !deleting.contains(id), let task = tasks.first(where: { $0.id == id }) else { return }
    onRoute?(.edit(task))
  }

  /// Call when the user swiped a row to the left: the delete question.
  public func rowSwipedLeft(_ id: UUID) {
    guard !deleting.contains(id), let task = tasks.first(where: { $0.id == id }) else { return }
    state.deleteQuestion = Self.question(task, environment.localizer)
  }

  /// Call when the user cancelled the delete question.
  public func deleteCancelled() { state.deleteQuestion = nil }

  /// Call when the user confirmed the delete question: the task goes.
  public func deleteConfirmed() {
    guard let question = state.deleteQuestion else { return }
    // One new state: the row and its question go together.
    deleting.insert(question.taskID)
    show()
    saving(environment.access, environment.localizer) { (store) throws(StoreError) in
      try store.deleteTask(id: question.taskID)
    } failed: { [weak self] in
      guard let self else { return }
      self.deleting.remove(question.taskID)
      self.show()
    }
  }

  /// Call when the user tapped "Try again" after a failed load.
  public func retryTapped() {
    guard !isLoading else { return }
    startLoading()
  }

  private func startLoading() {
    let localizer = environment.localizer
    var next = state
    next.loadFailure = nil
    next.placeholder = nil
    next.loadingText = localizer.text(.todoLoading)
    state = next
    environment.loader.load { [weak self] result in
      Task { @MainActor in self?.loaded(result) }
    }
  }

  private func loaded(_ result: Result<[LoadedTodo], TodoLoadError>) {
    let localizer = environment.localizer
    state.loadingText = nil
    switch result {
    case .success(let loaded):
      let created = environment.now()
      let tasks = loaded.map {
        TodoTask(
          id: environment.makeID(), title: "", text: $0.text, isDone: $0.isDone, created: created,
          remoteID: $0.remoteID)
      }
      show()
      saving(environment.access, localizer, .givingUpAfterWait) { (store) throws(StoreError) in
        try store.insertLoaded(tasks)
      }
    case .failure(let error):
      loadError = error
      state.loadFailure = Self.failure(error, localizer)
      show()
    }
  }

  /// What the delete question calls `task`: its title, else the first line of its text, cut to
  /// `nameLimit` characters with "…".
  static func name(of task: TodoTask) -> String {
    let whole = task.title.isEmpty ? task.text : task.title
    let line = whole.split(whereSeparator: \.isNewline).first.map(String.init) ?? whole
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.count > nameLimit else { return trimmed }
    return String(trimmed.prefix(nameLimit - 1)).trimmingCharacters(in: .whitespaces) + "…"
  }

  /// A load error in words.
  static func reason(_ error: TodoLoadError, _ localizer: Localizer) -> String {
    switch error {
    case .offline: return localizer.text(.todoLoadOffline)
    case .refused(let address): return localizer.text(.todoLoadRefused(address))
    case .timedOut: return localizer.text(.todoLoadTimedOut)
    case .tooManyRequests(let count): return localizer.text(.todoLoadTooManyRequests(count))
    case .status(let code): return localizer.text(.todoLoadStatus(code))
    case .malformed: return localizer.text(.todoLoadMalformed)
    case .noNetworkLibrary: return localizer.text(.todoLoadNoNetworkLibrary)
    // The system's words (libcurl's are English only) inside a sentence in the app's language.
    case .other(let detail): return localizer.text(.todoLoadOther(detail: detail))
    }
  }

  /// The rows of the tasks last read.
  private func show() {
    let localizer = environment.localizer
    let read = tasks.filter { !deleting.contains($0.id) }
    var next = state
    next.rows = read.map {
      Row(id: $0.id, title: $0.title.isEmpty ? nil : $0.title, text: $0.text, isDone: $0.isDone)
    }
    next.placeholder = read.isEmpty && next.loadingText == nil ? localizer.text(.todoEmpty) : nil
    if let question = next.deleteQuestion, !read.contains(where: { $0.id == question.taskID }) {
      next.deleteQuestion = nil
    }
    state = next
  }
}
