import TrackerAutomation
import TrackerLocalization
import TrackerTextRenderer
import TrackerViewModels

/// The interactive mode's state on top of a flow: which element has the focus, whether keys go
/// into a text field, how far a screen taller than the terminal is scrolled, the key map. It turns
/// keys into the flow's user actions and draws frames; it never changes what the app shows by
/// itself: every change of the screen comes from the flow (`DrivenApp.observeChanges`).
@MainActor
public final class InteractiveSession {
  /// What a key asks of the terminal.
  public enum Outcome: Equatable, Sendable {
    case keepGoing
    case quit
  }

  public let app: any DrivenApp
  /// The language of the session's own texts (the bottom line, the key map): the app's, which
  /// may change while it runs (`AppFlow.environmentChanged`).
  public var language: Language { app.language }
  /// The format frames are drawn in (`.plain` draws the focus in reverse video all the same).
  public let format: OutputFormat
  public internal(set) var columns: Int
  public internal(set) var rows: Int
  /// Set when something on screen changed since the last frame: the flow published, the focus
  /// moved, the terminal was resized.
  public internal(set) var needsRedraw = true {
    didSet {
      if needsRedraw, !oldValue { redrawAsked?() }
    }
  }
  /// Called when the screen comes to need a frame: a loop sleeping between keys wakes to draw
  /// what changed by itself (a late answer, another process's change, a new day).
  public var redrawAsked: (@MainActor () -> Void)?

  /// The focused element's identifier, and its place in the list (kept when it goes away).
  public internal(set) var focusedID: ElementID?
  /// The focused element's identifier as scripts write it (`complete:Run`).
  public var focusedIdentifier: String? { focusedID?.text }
  var focusedIndex = 0
  /// What the focused element stands for (a renamed category keeps the focus by it).
  var focusedSubject: Subject?
  /// A few identifiers of the elements at the last look, to tell a new layer from a changed one:
  /// a layer none of whose landmarks is still there is a new one.
  var landmarks: [ElementID] = []
  /// The current choice of the layer at the last look (`Element.isCurrentChoice`).
  var lastChoice: ElementID?
  /// Set when a layer came back (a sheet over it closed) with the focus on the element that
  /// opened the sheet and no new choice yet: the choice it had then. When the layer's read then
  /// brings a new current choice (a category just made, read after its form closed), the focus
  /// goes to it, unless a key came first.
  var choiceAwaited: ElementID??
  /// Whether typing goes into the focused text field (Esc leaves it).
  public internal(set) var isEditing = false
  /// The first body line shown when the screen is taller than the terminal.
  var scroll = 0
  var isShowingKeys = false
  /// The first line of the key map shown when it is taller than the terminal.
  var keyMapScroll = 0
  /// Where the focus goes back to when a layer closes: for each layer under the top one, a few
  /// of its identifiers and the element that had the focus there (the one that opened the next).
  var returns: [Return] = []
  /// A refused action, shown in the status line until the next key.
  var message: String?
  var binding: BindingToken?
  /// The app's elements and its screen as last drawn, kept until the app publishes or the size
  /// changes: a key that only moves the focus draws nothing again.
  var elementsCache: [Element]?
  /// What names the elements of `elementsCache`, made when one is first named after a change.
  var namer: ((Element) -> Element)?
  var drawing: Drawing?
  /// Cards drawn for the last frame, drawn again only when they change.
  let renderCache = RenderCache()

  /// A layer under the top one: how to tell it when it is back, and its focus then.
  struct Return {
    let landmarks: [ElementID]
    let identifier: ElementID?
    let index: Int
    let subject: Subject?
    /// The layer's current choice when it was left (a category made over it comes back chosen).
    let choice: ElementID?
  }

  /// The thing an element stands for, and which of its elements it is (a card, or its button).
  struct Subject: Equatable {
    /// Which of the elements standing for one thing it is.
    enum Role {
      case card, complete, category, other
    }

    let id: String
    let role: Role

    init?(_ element: Element) {
      guard let id = element.subjectID else { return nil }
      self.id = id
      switch element.identifier {
      case .card: role = .card
      case .complete: role = .complete
      case .category: role = .category
      case .ok, .confirm, .cancel, .done, .save, .add, .edit, .delete, .field, .clear, .tab, .start, .date,
        .filters, .pin, .unpin, .moveUp, .moveDown, .archive, .scope, .unarchive, .section, .dayOff,
        .cancelDayOff,
        .habit, .event,
        .categoryRow, .scheduleRow,
        .daysMinus, .daysPlus, .addReminder, .formReminder, .removeReminder, .emoji, .color, .create,
        .discard, .keepEditing, .addCategory, .weekday,
        .filter, .previousMonth, .nextMonth, .day, .back, .reminder, .reminderTime, .dayStart, .sync, .hour,
        .allow,
        .notNow, .completed, .retry, .todo, .measure, .direction, .targetPeriod, .scheduleKind, .quotaMinus,
        .quotaPlus,
        .windowDaysMinus, .windowDaysPlus,
        .note, .amountMinus, .amountPlus, .clearEntry:
        role = .other
      }
    }
  }

  struct Drawing {
    let columns: Int
    /// The field the text cursor is drawn in.
    let caret: InputField?
    let lines: [StyledLine]
    let pinned: (top: Int, bottom: Int)
    var locator: ElementLocator
  }

  /// What the user can act on now (as of the app's last change), with their labels only: the
  /// bottom line names the focused one (`spokenLabel`).
  var elements: [Element] {
    if let elementsCache { return elementsCache }
    let made = app.unspokenElements
    elementsCache = made
    return made
  }

  /// The rows the scrolled part of the screen has at the current size.
  var bodyHeight = 0

  var pagedSinceFocus = false
  /// The narrowest terminal a screen is drawn in.
  public static let minimumColumns = ScreenRenderer.minimumWidth

  public init(app: any DrivenApp, format: OutputFormat, columns: Int, rows: Int) {
    self.app = app
    self.format = format
    self.columns = columns
    self.rows = rows
    binding = app.observeChanges { [weak self] in self?.appChanged() }
    appChanged()
  }

  /// The terminal has a new size.
  public func resize(columns: Int, rows: Int) {
    guard columns != self.columns || rows != self.rows else { return }
    self.columns = columns
    self.rows = rows
    drawing = nil
    // Whatever was paged to before, the focused element is brought into view at the new size.
    pagedSinceFocus = false
    needsRedraw = true
  }

  /// Time has passed (the command line calls this about once a second, keys or not): the app
  /// reads its clock again, and a new day shows without a key being pressed.
  public func tick() { app.clockChanged() }

  /// Shows `message` in the status line until the next key (a failure met outside a key: the
  /// data file could not be looked at).
  public func show(_ message: String) {
    self.message = message
    needsRedraw = true
  }

  /// Call after a frame is drawn.
  public func frameDrawn() { needsRedraw = false }

}
