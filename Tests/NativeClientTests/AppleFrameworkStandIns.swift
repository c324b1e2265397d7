// Stand-ins for the few UIKit and SwiftUI names the snippets of docs/native-client.md
// use, so DocSnippets.swift compiles where those frameworks do not exist (Linux, where CI runs);
// on iOS the real frameworks are imported instead. They do just enough for the snippets to run
// in DocSnippetTests: a controller keeps what it was given, a view keeps its parts.

#if !os(iOS)
  import Foundation
  import Observation

  // MARK: UIKit

  @MainActor
  class UIViewController {
    var title: String?
    let navigationItem = UINavigationItem()
    private(set) var presentedViewController: UIViewController?

    init(nibName: String?, bundle: Bundle?) {}
    required init?(coder: NSCoder) { nil }

    func viewDidLoad() {}
    func viewDidAppear(_ animated: Bool) {}
    func viewDidDisappear(_ animated: Bool) {}

    func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
      presentedViewController = controller
    }

    func dismiss(animated: Bool) { presentedViewController = nil }
  }

  @MainActor
  final class UINavigationItem {
    var prompt: String?
  }

  @MainActor
  final class UIAlertController: UIViewController {
    enum Style { case alert, actionSheet }

    let message: String?
    private(set) var actions: [UIAlertAction] = []

    init(title: String?, message: String?, preferredStyle: Style) {
      self.message = message
      super.init(nibName: nil, bundle: nil)
      self.title = title
    }
    required init?(coder: NSCoder) { nil }

    func addAction(_ action: UIAlertAction) { actions.append(action) }
  }

  @MainActor
  final class UIAlertAction {
    enum Style { case `default`, cancel, destructive }

    let title: String?
    let handler: ((UIAlertAction) -> Void)?

    init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
      self.title = title
      self.handler = handler
    }
  }

  // MARK: SwiftUI

  @MainActor
  protocol View {
    associatedtype Body: View
    var body: Body { get }
  }

  extension Never: View {
    var body: Never { fatalError("a primitive view has no body") }
  }

  @MainActor
  @resultBuilder
  enum ViewBuilder {
    static func buildBlock(_ parts: any View...) -> Group { Group(parts) }
  }

  /// Views side by side, as a builder lists them.
  struct Group: View {
    let parts: [any View]
    init(_ parts: [any View]) { self.parts = parts }
    var body: Never { fatalError("a primitive view has no body") }
  }

  struct Text: View {
    let content: String
    var font: Font?
    init(_ content: String) { self.content = content }
    func font(_ font: Font?) -> Text {
      var text = self
      text.font = font
      return text
    }
    var body: Never { fatalError("a primitive view has no body") }
  }

  struct Font: Equatable {
    static let largeTitle = Font()
  }

  enum HorizontalAlignment { case leading, center, trailing }

  struct VStack: View {
    let content: Group
    init(alignment: HorizontalAlignment = .center, @ViewBuilder content: () -> Group) {
      self.content = content()
    }
    var body: Never { fatalError("a primitive view has no body") }
  }

  /// A view per element of a collection: `List` and `ForEach` alike (the snippets pass the row
  /// as a trailing closure, whatever its label).
  struct Rows: View {
    let rows: [any View]
    init<Data: RandomAccessCollection, Row: View>(_ data: Data, rowContent: (Data.Element) -> Row)
    where Data.Element: Identifiable {
      rows = data.map(rowContent)
    }
    var body: Never { fatalError("a primitive view has no body") }
  }

  typealias List = Rows
  typealias ForEach = Rows

  struct Button: View {
    let title: String
    let action: () -> Void
    var isDisabled = false
    init(_ title: String, action: @escaping () -> Void) {
      self.title = title
      self.action = action
    }
    func disabled(_ disabled: Bool) -> Button {
      var button = self
      button.isDisabled = disabled
      return button
    }
    var body: Never { fatalError("a primitive view has no body") }
  }

  struct TextField: View {
    let placeholder: String
    let text: Binding<String>
    init(_ placeholder: String, text: Binding<String>) {
      self.placeholder = placeholder
      self.text = text
    }
    var body: Never { fatalError("a primitive view has no body") }
  }

  /// A view with something said about it: a title, an alert.
  struct Modified: View {
    /// An alert as `alert(_:isPresented:presenting:actions:message:)` describes it.
    struct PresentedAlert {
      let title: String
      let isPresented: Binding<Bool>
      let actions: Group?
      let message: Group?
    }

    let content: any View
    var title: String?
    var alert: PresentedAlert?
    /// What `onOpenURL` does with a link the system opens the app with.
    var openURL: ((URL) -> Void)?
    var body: Never { fatalError("a primitive view has no body") }
  }

  extension View {
    func onOpenURL(perform action: @escaping (URL) -> Void) -> Modified {
      var modified = self as? Modified ?? Modified(content: self)
      modified.openURL = action
      return modified
    }

    func navigationTitle(_ title: String) -> Modified {
      var modified = self as? Modified ?? Modified(content: self)
      modified.title = title
      return modified
    }

    func alert<Presenting>(
      _ title: String, isPresented: Binding<Bool>, presenting data: Presenting?,
      @ViewBuilder actions: (Presenting) -> Group, @ViewBuilder message: (Presenting) -> Group
    ) -> Modified {
      var modified = self as? Modified ?? Modified(content: self)
      modified.alert = Modified.PresentedAlert(
        title: title, isPresented: isPresented, actions: data.map(actions), message: data.map(message))
      return modified
    }
  }

  @dynamicMemberLookup
  struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
      self.get = get
      self.set = set
    }
    var wrappedValue: Value {
      get { get() }
      nonmutating set { set(newValue) }
    }
    subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
      Binding<Subject>(
        get: { self.wrappedValue[keyPath: keyPath] },
        set: {
          var value = self.wrappedValue
          value[keyPath: keyPath] = $0
          self.wrappedValue = value
        })
    }
  }

  /// SwiftUI's `@State`: the value the view keeps across redraws; `$name` binds it.
  @propertyWrapper
  struct State<Value> {
    private final class Box {
      var value: Value
      init(_ value: Value) { self.value = value }
    }
    private let box: Box
    init(wrappedValue: Value) { box = Box(wrappedValue) }
    var wrappedValue: Value {
      get { box.value }
      nonmutating set { box.value = newValue }
    }
    var projectedValue: Binding<Value> { Binding(get: { box.value }, set: { box.value = $0 }) }
  }

  /// SwiftUI's `@Bindable`: `$model.field` binds a settable property of an `Observable` object.
  @propertyWrapper
  @dynamicMemberLookup
  struct Bindable<Value: AnyObject & Observable> {
    var wrappedValue: Value
    init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    var projectedValue: Bindable<Value> { self }
    subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
      let object = wrappedValue
      return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
  }
  // MARK: WidgetKit

  /// One moment of a widget's timeline.
  protocol TimelineEntry {
    var date: Date { get }
  }

  /// When WidgetKit asks for the next timeline.
  enum TimelineReloadPolicy: Equatable {
    case atEnd, never
    case after(Date)
  }

  /// The entries a provider hands WidgetKit, and when to ask again.
  struct Timeline<Entry: TimelineEntry> {
    let entries: [Entry]
    let policy: TimelineReloadPolicy
  }

  /// What WidgetKit tells a provider (its family, its size); nothing the snippet reads.
  struct TimelineProviderContext {}

  /// A widget's source of entries.
  protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
  }

  // MARK: UserNotifications

  /// Options of a notification's button: `.foreground` opens the app.
  struct UNNotificationActionOptions: OptionSet, Hashable {
    let rawValue: Int
    static let foreground = UNNotificationActionOptions(rawValue: 1)
  }

  /// A notification's button.
  struct UNNotificationAction: Hashable {
    let identifier: String
    let title: String
    let options: UNNotificationActionOptions
  }

  /// A kind of notification and its buttons, registered once.
  struct UNNotificationCategory: Hashable {
    let identifier: String
    let actions: [UNNotificationAction]
    let intentIdentifiers: [String]
  }

  /// What a notification says, and what the app finds in it when it is answered.
  final class UNMutableNotificationContent {
    var title = ""
    var body = ""
    var categoryIdentifier = ""
    var userInfo: [AnyHashable: Any] = [:]
  }

  /// Fires when the clock matches the components.
  struct UNCalendarNotificationTrigger {
    let dateComponents: DateComponents
    let repeats: Bool
    init(dateMatching dateComponents: DateComponents, repeats: Bool) {
      self.dateComponents = dateComponents
      self.repeats = repeats
    }
  }

  /// A notification handed to the system.
  struct UNNotificationRequest {
    let identifier: String
    let content: UNMutableNotificationContent
    let trigger: UNCalendarNotificationTrigger
  }

  /// The system's notifications, as far as the snippet uses them: it records what it is given.
  final class UNUserNotificationCenter {
    private(set) var pending: [UNNotificationRequest] = []
    private(set) var categories: Set<UNNotificationCategory> = []
    func removeAllPendingNotificationRequests() { pending = [] }
    func add(_ request: UNNotificationRequest) { pending.append(request) }
    func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { self.categories = categories }
  }

  // MARK: AppIntents

  /// What an intent's `perform` answers.
  protocol IntentResult {}
  /// The answer that says nothing more.
  struct EmptyIntentResult: IntentResult {}
  extension IntentResult where Self == EmptyIntentResult {
    static func result() -> EmptyIntentResult { EmptyIntentResult() }
  }

  /// A text the system shows, looked up in the app's strings.
  struct LocalizedStringResource: ExpressibleByStringLiteral, Sendable {
    let key: String
    init(stringLiteral value: String) { key = value }
  }

  /// An intent's input, as Shortcuts and a widget's button fill it.
  @propertyWrapper struct Parameter<Value: Sendable>: Sendable {
    var wrappedValue: Value
  }
  extension Parameter where Value == String {
    init(title: LocalizedStringResource) { wrappedValue = "" }
  }

  /// An action the system runs in the app's extension: a widget's button, a Shortcut.
  protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: LocalizedStringResource { get }
    init()
    func perform() async throws -> PerformResult
  }

  extension FileManager {
    /// The app group's container: here a folder under the temporary one.
    func containerURL(forSecurityApplicationGroupIdentifier group: String) -> URL? {
      temporaryDirectory.appendingPathComponent(group)
    }
  }

#endif
