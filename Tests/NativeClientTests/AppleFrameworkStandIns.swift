// Stand-ins for the few UIKit, SwiftUI and Combine names the snippets of docs/native-client.md
// use, so DocSnippets.swift compiles where those frameworks do not exist (Linux, where CI runs);
// on iOS the real frameworks are imported instead. They do just enough for the snippets to run
// in DocSnippetTests: a controller keeps what it was given, a view keeps its parts.

#if !os(iOS)
  import Foundation

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

  // MARK: Combine

  protocol ObservableObject: AnyObject {}

  @propertyWrapper
  struct Published<Value> {
    var wrappedValue: Value
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

  struct List: View {
    let rows: [any View]
    init<Data: RandomAccessCollection, Row: View>(_ data: Data, rowContent: (Data.Element) -> Row)
    where Data.Element: Identifiable {
      rows = data.map(rowContent)
    }
    var body: Never { fatalError("a primitive view has no body") }
  }

  /// A view with something said about it: a title, an alert.
  struct Modified: View {
    let content: any View
    var title: String?
    var alert: Alert?
    var body: Never { fatalError("a primitive view has no body") }
  }

  extension View {
    func navigationBarTitle(_ title: String) -> Modified { Modified(content: self, title: title) }

    func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> Modified {
      var modified = self as? Modified ?? Modified(content: self)
      modified.alert = item.wrappedValue.map(content)
      return modified
    }
  }

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
  }

  struct Alert {
    struct Button {
      let label: Text
      static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button { Button(label: label) }
    }
    let title: Text
    let message: Text?
    let dismissButton: Button?
    init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
      self.title = title
      self.message = message
      self.dismissButton = dismissButton
    }
  }

  @propertyWrapper
  struct ObservedObject<ObjectType: ObservableObject> {
    var wrappedValue: ObjectType
  }
#endif
