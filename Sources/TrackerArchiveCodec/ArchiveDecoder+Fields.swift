import Foundation
import TrackerModels

extension ArchiveDecoder {
  // MARK: Fields

  /// Reports an id already in the store, or already used earlier in the file.

  /// The stored item whose id `value` carries, if any.
  static func storedItem<Item>(_ value: JSONValue, in stored: [UUID: Item]) -> Item? {
    guard case .string(let text)? = value["id"], let id = UUID(uuidString: text) else { return nil }
    return stored[id]
  }

  /// The members of `value` that differ from the store's `members`, with both sides as written.
  static func differences(_ value: JSONValue, _ members: [(String, JSONValue)]) -> [StoreMessage] {
    members.compactMap { key, stored in
      // Where a tracker sits and whether it is archived are the store's arrangement, not the
      // tracker: a backup from before a move or an archive is the same tracker, and the store's
      // arrangement stays (an import never changes what is there).
      guard !arrangementKeys.contains(key) else { return nil }
      let given = value[key] ?? .null
      guard given != stored else { return nil }
      // Each side whole up to a screen line: a file's own value may be a megabyte.
      return StoreMessage(
        "import.differsField", "%@: %@ in the store, %@ here", .text(key),
        .text(shown(JSONWriter.line(stored))),
        .text(shown(JSONWriter.line(given))))
    }
  }

  /// A value as a conflict says it: whole up to 200 characters, else its start and "…"; a
  /// character that draws nothing there (`NameRules.drawsNothing`: an invisible one, a joiner or
  /// selector outside an emoji) written as its JSON escape ("km\u200B", "km\u200D"), or the two
  /// sides of a conflict could look the same (attacks of 2026-12-07).
  static func shown(_ value: String) -> String {
    let cut = value.count > 200 ? String(value.prefix(199)) + "…" : value
    var shown = ""
    var previous: Unicode.Scalar?
    for scalar in cut.unicodeScalars {
      defer { previous = scalar }
      guard NameRules.drawsNothing(scalar, after: previous) else {
        shown.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16, uppercase: true)
        shown += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return shown
  }

  /// The members of a tracker that say its arrangement (issue 49).
  static let arrangementKeys: Set<String> = ["archived", "order"]

  /// An item of the file with the id of one in the store that is not the same.
  /// Each difference is a message of its own (in the summary's language), joined by "; ".
  mutating func differs(_ path: String, id: UUID, fields: [StoreMessage]) {
    guard let first = fields.first else { return }
    let joined = fields.dropFirst().reduce(first) {
      StoreMessage("import.differsAnd", "%@; %@", .message($0), .message($1))
    }
    problem(
      path + ".id",
      StoreMessage(
        "import.differsFromStore",
        "%@ is already in the store, with other values (%@); an import adds only what is new and never changes what is there: rename or delete one of them first",
        .text(id.uuidString), .message(joined)))
  }

  mutating func checkUnique(
    _ id: UUID, at path: String, existing: Set<UUID>, seen: inout [UUID: String]
  ) {
    if existing.contains(id) {
      problem(
        path + ".id",
        StoreMessage("import.alreadyInStore", "%@ is already in the store", .text(id.uuidString)))
    } else if let first = seen[id] {
      problem(
        path + ".id",
        StoreMessage("import.usedTwice", "%@ is used twice (also by %@)", .text(id.uuidString), .text(first)))
    }
    seen[id] = seen[id] ?? path
  }

  /// What a name belongs to, in messages.
  enum Noun {
    case category, tracker

    /// "empty; a tracker needs a name".
    package var empty: StoreMessage {
      self == .category
        ? StoreMessage("import.category.empty", "empty; a category needs a name")
        : StoreMessage("import.tracker.empty", "empty; a tracker needs a name")
    }

    /// "\"Run\" is already used by the tracker \"run\" in the store".
    package func inStore(_ name: String, clash: String) -> StoreMessage {
      self == .category
        ? StoreMessage(
          "import.category.inStore", "%@ is already used by the category %@ in the store", .text(name),
          .text(clash))
        : StoreMessage(
          "import.tracker.inStore", "%@ is already used by the tracker %@ in the store", .text(name),
          .text(clash))
    }
  }

  mutating func problem(_ path: String, _ reason: StoreMessage) {
    problems.append(ImportProblem(path: path, reason: reason))
  }

  static let missing = StoreMessage("import.missing", "missing")
  static let object = StoreMessage("import.kind.object", "an object")
  static let array = StoreMessage("import.kind.array", "an array")
  static let string = StoreMessage("import.kind.string", "a string")
  static let bool = StoreMessage("import.kind.bool", "true or false")
  static let integer = StoreMessage("import.kind.integer", "a whole number")

  /// "expected a string, found an array".
  static func expected(_ wanted: StoreMessage, found value: JSONValue) -> StoreMessage {
    StoreMessage("import.expected", "expected %@, found %@", .message(wanted), .message(value.kindName))
  }

  mutating func checkKeys(
    _ value: JSONValue, _ path: String, allowed: [String], reported: Set<String> = []
  ) {
    guard case .object(let pairs) = value else { return }
    for (key, _) in pairs where !allowed.contains(key) && !reported.contains(key) {
      problem(path == "$" ? key : "\(path).\(key)", StoreMessage("import.unknownField", "unknown field"))
    }
  }

  mutating func object(_ value: JSONValue, _ item: () -> String, allowed: [String]) -> Bool {
    guard case .object(let pairs) = value else {
      problem(item(), Self.expected(Self.object, found: value))
      return false
    }
    if pairs.contains(where: { !allowed.contains($0.0) }) { checkKeys(value, item(), allowed: allowed) }
    return true
  }

  mutating func array(_ root: JSONValue, _ key: String) -> [JSONValue] {
    switch root[key] {
    case .array(let values)?: return values
    case let other?: problem(key, Self.expected(Self.array, found: other))
    case nil: problem(key, Self.missing)
    }
    return []
  }

  // Field readers take the item's path as a closure: paths are only spelled out for problems,
  // which keeps a 700,000-record import from building 700,000 strings it never shows.

  mutating func string(_ object: JSONValue, _ key: String, _ item: () -> String) -> String? {
    switch object[key] {
    case .string(let text)?: return text
    case let other?: problem(item() + "." + key, Self.expected(Self.string, found: other))
    case nil: problem(item() + "." + key, Self.missing)
    }
    return nil
  }

  mutating func uuid(_ object: JSONValue, _ key: String, _ item: () -> String) -> UUID? {
    guard let text = string(object, key, item) else { return nil }
    guard let id = UUID(canonical: text) else {
      problem(
        item() + "." + key,
        StoreMessage("import.notAUUID", "%@ is not a UUID", .text(JSONWriter.quoted(text))))
      return nil
    }
    return id
  }

  mutating func date(_ object: JSONValue, _ key: String, _ item: () -> String) -> Day? {
    guard let text = string(object, key, item) else { return nil }
    let path = item() + "." + key
    do {
      let day = try Day(iso: text)
      guard day >= .earliestStored else {
        problem(
          path,
          StoreMessage(
            "import.beforeEarliest", "%@ is before %@, the earliest day the app keeps",
            .text(JSONWriter.quoted(text)), .day(.earliestStored)))
        return nil
      }
      return day
    } catch {
      switch error {
      case .notISODate:
        problem(
          path,
          StoreMessage(
            "import.notADate", "%@ is not a date in the form YYYY-MM-DD", .text(JSONWriter.quoted(text))))
      case .noSuchDay:
        problem(
          path,
          StoreMessage("import.noSuchDay", "%@ is not a day of the calendar", .text(JSONWriter.quoted(text))))
      }
    }
    return nil
  }

  mutating func name(
    _ object: JSONValue, _ key: String, _ item: () -> String, others: inout [String: String],
    existing: NameIndex,
    noun: Noun
  ) -> String? {
    guard let raw = string(object, key, item) else { return nil }
    let path = item() + "." + key
    switch NameRules.validate(raw, against: existing) {
    case .failure(.empty):
      problem(path, noun.empty)
    case .failure(.tooLong(let count)):
      problem(path, StoreMessage("import.tooLong", "%@ characters; the limit is 38", .text(String(count))))
    case .failure(.forbiddenCharacter(let scalar)):
      problem(
        path,
        StoreMessage(
          "import.forbiddenCharacter", "contains the control or bidirectional character U+%@",
          .text(NameRules.codePoint(scalar.value))))
    case .failure(.duplicate(let clash)):
      problem(
        path,
        noun.inStore(JSONWriter.quoted(NameRules.trimmed(raw)), clash: JSONWriter.quoted(clash)))
    case .success(let name):
      let key = NameRules.comparisonKey(name)
      if let first = others[key] {
        problem(
          path,
          StoreMessage(
            "import.nameUsedTwice", "%@ is already used by %@ (names are unique, ignoring case)",
            .text(JSONWriter.quoted(name)), .text(first)))
        return nil
      }
      others[key] = path
      return name
    }
    return nil
  }
}
