import Foundation
import TrackerModels

/// Reads an archive's JSON into store contents, collecting every problem with its path.
struct ArchiveDecoder {
  let today: Day
  let existing: StoreContents
  private(set) var problems: [ImportProblem] = []

  init(today: Day, existing: StoreContents) {
    self.today = today
    self.existing = existing
  }

  mutating func decode(_ root: JSONValue) -> StoreContents? {
    guard case .object = root else {
      problem("$", "expected an object with format, version, categories, trackers and records, found \(root.kind)")
      return nil
    }
    checkKeys(root, "$", allowed: ["format", "version", "categories", "trackers", "records"])
    switch root["format"] {
    case .string(TrackerArchive.format)?: break
    case .string(let other)?: problem("format", "expected \"\(TrackerArchive.format)\", found \"\(other)\"")
    case let other?: problem("format", "expected \"\(TrackerArchive.format)\", found \(other.kind)")
    case nil: problem("format", "missing; a Tracker export has \"format\": \"\(TrackerArchive.format)\"")
    }
    switch root["version"] {
    case .number(String(TrackerArchive.version))?: break
    case .number(let other)?:
      problem("version", "version \(other) is not supported; this app reads version \(TrackerArchive.version)")
    case let other?: problem("version", "expected the number \(TrackerArchive.version), found \(other.kind)")
    case nil: problem("version", "missing")
    }
    guard problems.isEmpty else { return nil }  // not our format: field checks would only add noise

    let categories = decodeCategories(array(root, "categories"))
    let trackers = decodeTrackers(array(root, "trackers"))
    let records = decodeRecords(array(root, "records"))
    return StoreContents(categories: categories.map(\.1), trackers: trackers.map(\.1), records: records)
  }

  // MARK: Sections

  /// Ids the file declares, valid items or not: a reference to an item that has problems of its
  /// own is not reported again as dangling.
  private var declaredCategories: Set<UUID> = []
  private var declaredTrackers: Set<UUID> = []

  private mutating func decodeCategories(_ values: [JSONValue]) -> [(String, TrackerCategory)] {
    var result: [(String, TrackerCategory)] = []
    var ids: [UUID: String] = [:]
    var titles: [String: String] = [:]
    let existingIDs = Set(existing.categories.map(\.id))
    for (index, value) in values.enumerated() {
      let path = "categories[\(index)]"
      guard object(value, path, allowed: ["id", "title"]) else { continue }
      let id = uuid(value, path + ".id")
      let title = name(value, path + ".title", others: &titles, existing: existing.categories.map(\.title), noun: "category")
      if let id {
        declaredCategories.insert(id)
        if existingIDs.contains(id) {
          problem(path + ".id", "\(id.uuidString) is already in the store")
        } else if let first = ids[id] {
          problem(path + ".id", "\(id.uuidString) is used twice (also by \(first))")
        }
        ids[id] = ids[id] ?? path
      }
      if let id, let title { result.append((path, TrackerCategory(id: id, title: title))) }
    }
    return result
  }

  private mutating func decodeTrackers(_ values: [JSONValue]) -> [(String, Tracker)] {
    var result: [(String, Tracker)] = []
    var ids: [UUID: String] = [:]
    var names: [String: String] = [:]
    let knownCategories = declaredCategories.union(existing.categories.map(\.id))
    let existingIDs = Set(existing.trackers.map(\.id))
    for (index, value) in values.enumerated() {
      let path = "trackers[\(index)]"
      guard object(value, path, allowed: ["id", "name", "emoji", "color", "category", "schedule", "pinned", "created"])
      else { continue }
      let id = uuid(value, path + ".id")
      if let id {
        declaredTrackers.insert(id)
        if existingIDs.contains(id) {
          problem(path + ".id", "\(id.uuidString) is already in the store")
        } else if let first = ids[id] {
          problem(path + ".id", "\(id.uuidString) is used twice (also by \(first))")
        }
        ids[id] = ids[id] ?? path
      }
      let name = name(value, path + ".name", others: &names, existing: existing.trackers.map(\.name), noun: "tracker")
      var emoji: String?
      if let text = string(value, path + ".emoji") {
        if TrackerEmoji.isSingleEmoji(text) { emoji = text } else { problem(path + ".emoji", "\(JSONWriter.quoted(text)) is not exactly one emoji") }
      }
      var color: TrackerColor?
      if let text = string(value, path + ".color") {
        color = TrackerColor(hex: text)
        if color == nil { problem(path + ".color", "\(JSONWriter.quoted(text)) is not a color in the form #RRGGBB") }
      }
      var category: UUID?
      if let categoryID = uuid(value, path + ".category") {
        if knownCategories.contains(categoryID) {
          category = categoryID
        } else {
          problem(path + ".category", "no category with id \(categoryID.uuidString) in the file or the store")
        }
      }
      let kind = schedule(value, path + ".schedule")
      var pinned: Bool?
      switch value["pinned"] {
      case .bool(let flag)?: pinned = flag
      case let other?: problem(path + ".pinned", "expected true or false, found \(other.kind)")
      case nil: problem(path + ".pinned", "missing")
      }
      let created = date(value, path + ".created")
      if let id, let name, let emoji, let color, let category, let kind, let pinned, let created {
        result.append(
          (path, Tracker(id: id, name: name, emoji: emoji, color: color, categoryID: category, isPinned: pinned,
                         createdOn: created, kind: kind)))
      }
    }
    return result
  }

  private mutating func decodeRecords(_ values: [JSONValue]) -> [TrackerRecord] {
    var result: [TrackerRecord] = []
    var seen: [TrackerRecord: String] = [:]
    let known = declaredTrackers.union(existing.trackers.map(\.id))
    for (index, value) in values.enumerated() {
      let path = "records[\(index)]"
      guard object(value, path, allowed: ["tracker", "date"]) else { continue }
      var tracker: UUID?
      if let id = uuid(value, path + ".tracker") {
        if known.contains(id) { tracker = id } else { problem(path + ".tracker", "no tracker with id \(id.uuidString) in the file or the store") }
      }
      var day = date(value, path + ".date")
      if let recordDay = day, recordDay > today {
        problem(path + ".date", "\(recordDay.iso) is after today (\(today.iso)); a day cannot be completed in advance")
        day = nil
      }
      guard let tracker, let day else { continue }
      let record = TrackerRecord(trackerID: tracker, day: day)
      if let first = seen[record] {
        problem(path, "duplicate of \(first): the same tracker on the same date")
        continue
      }
      seen[record] = path
      result.append(record)
    }
    return result
  }

  // MARK: Fields

  private mutating func problem(_ path: String, _ message: String) {
    problems.append(ImportProblem(path: path, message: message))
  }

  private mutating func checkKeys(_ value: JSONValue, _ path: String, allowed: Set<String>) {
    guard case .object(let pairs) = value else { return }
    for (key, _) in pairs where !allowed.contains(key) {
      problem(path == "$" ? key : "\(path).\(key)", "unknown field")
    }
  }

  private mutating func object(_ value: JSONValue, _ path: String, allowed: Set<String>) -> Bool {
    guard case .object = value else {
      problem(path, "expected an object, found \(value.kind)")
      return false
    }
    checkKeys(value, path, allowed: allowed)
    return true
  }

  private mutating func array(_ root: JSONValue, _ key: String) -> [JSONValue] {
    switch root[key] {
    case .array(let values)?: return values
    case let other?: problem(key, "expected an array, found \(other.kind)")
    case nil: problem(key, "missing")
    }
    return []
  }

  private mutating func string(_ object: JSONValue, _ path: String) -> String? {
    let key = String(path.split(separator: ".").last ?? "")
    switch object[key] {
    case .string(let text)?: return text
    case let other?: problem(path, "expected a string, found \(other.kind)")
    case nil: problem(path, "missing")
    }
    return nil
  }

  private mutating func uuid(_ object: JSONValue, _ path: String) -> UUID? {
    guard let text = string(object, path) else { return nil }
    guard let id = UUID(uuidString: text) else {
      problem(path, "\(JSONWriter.quoted(text)) is not a UUID")
      return nil
    }
    return id
  }

  private mutating func date(_ object: JSONValue, _ path: String) -> Day? {
    guard let text = string(object, path) else { return nil }
    do {
      return try Day(iso: text)
    } catch {
      switch error {
      case .notISODate: problem(path, "\(JSONWriter.quoted(text)) is not a date in the form YYYY-MM-DD")
      case .noSuchDay: problem(path, "\(JSONWriter.quoted(text)) is not a day of the calendar")
      }
    }
    return nil
  }

  private mutating func name(
    _ object: JSONValue, _ path: String, others: inout [String: String], existing: [String], noun: String
  ) -> String? {
    guard let raw = string(object, path) else { return nil }
    switch NameRules.validate(raw, against: existing) {
    case .failure(.empty):
      problem(path, "empty; a \(noun) needs a name")
    case .failure(.tooLong(let count)):
      problem(path, "\(count) characters; the limit is \(NameRules.maximumLength)")
    case .failure(.forbiddenCharacter(let scalar)):
      problem(path, "contains the control or bidirectional character U+\(String(scalar.value, radix: 16, uppercase: true))")
    case .failure(.duplicate(let clash)):
      problem(path, "\(JSONWriter.quoted(NameRules.trimmed(raw))) is already used by the \(noun) \(JSONWriter.quoted(clash)) in the store")
    case .success(let name):
      let key = NameRules.comparisonKey(name)
      if let first = others[key] {
        problem(path, "\(JSONWriter.quoted(name)) is already used by \(first) (names are unique, ignoring case)")
        return nil
      }
      others[key] = path
      return name
    }
    return nil
  }

  private mutating func schedule(_ object: JSONValue, _ path: String) -> TrackerKind? {
    switch object["schedule"] {
    case .null?:
      return .event
    case .array(let values)?:
      var days = WeekdaySet()
      var valid = true
      for (index, value) in values.enumerated() {
        guard case .string(let code) = value, let weekday = Weekday(code: code) else {
          let shown = { if case .string(let text) = value { return JSONWriter.quoted(text) } else { return value.kind } }()
          problem("\(path)[\(index)]", "\(shown) is not a weekday; use mon, tue, wed, thu, fri, sat or sun")
          valid = false
          continue
        }
        if days.contains(weekday) {
          problem("\(path)[\(index)]", "\"\(code)\" is listed twice")
          valid = false
        }
        days.insert(WeekdaySet(weekday))
      }
      guard valid else { return nil }
      guard let schedule = Schedule(days) else {
        problem(path, "empty; a habit needs at least one weekday (null makes an irregular event)")
        return nil
      }
      return .habit(schedule)
    case let other?:
      problem(path, "expected an array of weekdays or null, found \(other.kind)")
    case nil:
      problem(path, "missing (null for an irregular event)")
    }
    return nil
  }
}
