import Foundation

/// A link into the app (`tracker://…`): what a widget's row, a notification, Shortcuts or another
/// app opens (docs/native-client.md, "Links"). The four places:
///
/// - `tracker://today`: the main screen on today;
/// - `tracker://habit/<id or name>`: a habit's detail, by its id (what the app's own links carry)
///   or by its name, case ignored (what a person types; percent-encoded in the link);
/// - `tracker://statistics`: the statistics tab;
/// - `tracker://new`: a new habit or event (the type picker).
///
/// The scheme and the place are read case-insensitively; nothing may follow the place but the
/// habit's one path part, and a query or fragment is refused rather than ignored.
public enum DeepLink: Hashable, Sendable {
  case today
  case habit(HabitReference)
  case statistics
  case new

  /// How a link names a habit.
  public enum HabitReference: Hashable, Sendable {
    case id(UUID)
    case name(String)

    /// Whether `tracker` is the one named.
    public func matches(_ tracker: Tracker) -> Bool {
      switch self {
      case .id(let id): tracker.id == id
      case .name(let name): NameRules.comparisonKey(tracker.name) == NameRules.comparisonKey(name)
      }
    }

    /// The tracker named among `trackers`: the one that `matches`, else, for a name, the only one
    /// whose name looks like it (a kept name with an invisible character: `NameRules.visibleKey`),
    /// as the command line finds a name.
    public func find(in trackers: [Tracker]) -> Tracker? {
      if let found = trackers.first(where: matches) { return found }
      guard case .name(let name) = self else { return nil }
      let visible = NameRules.visibleKey(name)
      let lookAlikes = trackers.filter { NameRules.visibleKey($0.name) == visible }
      return lookAlikes.count == 1 ? lookAlikes[0] : nil
    }
  }

  /// The app's scheme.
  public static let scheme = "tracker"

  /// The link `text` names, or why it names none.
  public init(_ text: String) throws(DeepLinkError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, let components = URLComponents(string: trimmed), let scheme = components.scheme
    else { throw .notALink(text) }
    guard scheme.lowercased() == Self.scheme else { throw .otherScheme(scheme) }
    guard components.query == nil, components.fragment == nil else { throw .extraParts(text) }
    guard let place = components.host?.lowercased(), !place.isEmpty else { throw .unknownPlace("") }
    let parts = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true)
      .map { $0.removingPercentEncoding ?? String($0) }
    switch place {
    case "today", "statistics", "new":
      guard parts.isEmpty else { throw .extraParts(text) }
      self = place == "today" ? .today : place == "statistics" ? .statistics : .new
    case "habit":
      guard let named = parts.first else { throw .missingHabit }
      guard parts.count == 1 else { throw .extraParts(text) }
      let name = NameRules.trimmed(named)
      guard !name.isEmpty else { throw .missingHabit }
      self = .habit(UUID(canonical: name).map(HabitReference.id) ?? .name(name))
    default:
      throw .unknownPlace(place)
    }
  }

  /// The link of `url` (`URL.absoluteString`), or why it is none.
  public init(_ url: URL) throws(DeepLinkError) {
    try self.init(url.absoluteString)
  }

  /// The link as text: `DeepLink(link.text) == link`.
  public var text: String {
    switch self {
    case .today: "tracker://today"
    case .statistics: "tracker://statistics"
    case .new: "tracker://new"
    case .habit(.id(let id)): "tracker://habit/" + id.uuidString
    case .habit(.name(let name)):
      "tracker://habit/" + (name.addingPercentEncoding(withAllowedCharacters: Self.pathPart) ?? name)
    }
  }

  /// The link as a URL (a client's `Link`, a widget's `widgetURL`).
  public var url: URL {
    // Every text above is a valid URL: its one free part is percent-encoded.
    URL(string: text) ?? URL(fileURLWithPath: "/")
  }

  /// What a habit's name keeps unencoded in a link: letters, digits and `-._~`.
  private static let pathPart = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    .subtracting(CharacterSet(charactersIn: "/?#%"))
}

/// Why a link opens nothing.
public enum DeepLinkError: Error, Hashable, Sendable {
  /// The text is not a link at all.
  case notALink(String)
  /// A link of another scheme (`https`, …), named.
  case otherScheme(String)
  /// `tracker://<place>` with a place the app does not have.
  case unknownPlace(String)
  /// `tracker://habit` without a habit.
  case missingHabit
  /// More than the place (and the habit) — another path part, a query, a fragment.
  case extraParts(String)
  /// No habit has the id or name the link gives (known once the habits are read).
  case noSuchHabit(DeepLink.HabitReference)
  /// The introduction is still on screen: links open once it is done.
  case onboardingNotDone
  /// A form with changes is open: it asks to discard them first.
  case formHasChanges
}
