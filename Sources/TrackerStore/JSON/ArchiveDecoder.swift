import Foundation
import TrackerModels

/// Reads an archive's JSON into store contents, collecting every problem with its path.
struct ArchiveDecoder {
  let today: Day
  let existing: StoreContents
  private(set) var problems: [ImportProblem] = []

  private static let categoryKeys = ["id", "title"]
  private static let trackerKeys = [
    "id", "name", "emoji", "color", "category", "schedule", "pinned", "created",
  ]
  private static let recordKeys = ["tracker", "date"]

  init(today: Day, existing: StoreContents) {
    self.today = today
    self.existing = existing
  }

  mutating func decode(_ root: JSONValue) -> StoreContents? {
    guard case .object = root else {
      problem(
        "$", "expected an object with format, version, categories, trackers and records, found \(root.kind)")
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
      problem(
        "version", "version \(other) is not supported; this app reads version \(TrackerArchive.version)")
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
      let item = { path }
      guard object(value, item, allowed: Self.categoryKeys) else { continue }
      let id = uuid(value, "id", item)
      if let id {
        declaredCategories.insert(id)
        checkUnique(id, at: path, existing: existingIDs, seen: &ids)
      }
      let title = name(
        value, "title", item, others: &titles, existing: existing.categories.map(\.title), noun: "category")
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
      let item = { path }
      guard object(value, item, allowed: Self.trackerKeys) else { continue }
      let id = uuid(value, "id", item)
      if let id {
        declaredTrackers.insert(id)
        checkUnique(id, at: path, existing: existingIDs, seen: &ids)
      }
      let name = name(
        value, "name", item, others: &names, existing: existing.trackers.map(\.name), noun: "tracker")
      var emoji: String?
      if let text = string(value, "emoji", item) {
        if TrackerEmoji.isSingleEmoji(text) {
          emoji = text
        } else {
          problem(path + ".emoji", "\(JSONWriter.quoted(text)) is not exactly one emoji")
        }
      }
      var color: TrackerColor?
      if let text = string(value, "color", item) {
        color = TrackerColor(hex: text)
        if color == nil {
          problem(path + ".color", "\(JSONWriter.quoted(text)) is not a color in the form #RRGGBB")
        }
      }
      var category: UUID?
      if let categoryID = uuid(value, "category", item) {
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
      let created = date(value, "created", item)
      if let id, let name, let emoji, let color, let category, let kind, let pinned, let created {
        result.append(
          (
            path,
            Tracker(
              id: id, name: name, emoji: emoji, color: color, categoryID: category, isPinned: pinned,
              createdOn: created, kind: kind)
          ))
      }
    }
    return result
  }

  private mutating func decodeRecords(_ values: [JSONValue]) -> [TrackerRecord] {
    var result: [TrackerRecord] = []
    result.reserveCapacity(values.count)
    var positions: [Int] = []  // the index in `values` of each accepted record
    positions.reserveCapacity(values.count)
    let known = declaredTrackers.union(existing.trackers.map(\.id))
    var lastKnown: (id: UUID, slot: Int)?  // records come grouped by tracker: lookups mostly repeat
    var slots: [UUID: Int] = [:]
    var trackerSlots: [Int] = []
    trackerSlots.reserveCapacity(values.count)
    let firstProblem = problems.count
    for (index, value) in values.enumerated() {
      let item = { "records[\(index)]" }
      guard object(value, item, allowed: Self.recordKeys) else { continue }
      var tracker: UUID?
      if let id = uuid(value, "tracker", item) {
        if id == lastKnown?.id || known.contains(id) {
          tracker = id
          if id != lastKnown?.id {
            let slot = slots[id] ?? slots.count
            slots[id] = slot
            lastKnown = (id, slot)
          }
        } else {
          problem(item() + ".tracker", "no tracker with id \(id.uuidString) in the file or the store")
        }
      }
      var day = date(value, "date", item)
      if let recordDay = day, recordDay > today {
        problem(
          item() + ".date",
          "\(recordDay.iso) is after today (\(today.iso)); a day cannot be completed in advance")
        day = nil
      }
      guard let tracker, let day else { continue }
      result.append(TrackerRecord(trackerID: tracker, day: day))
      positions.append(index)
      trackerSlots.append(lastKnown?.slot ?? 0)
    }
    reportDuplicates(result, slots: trackerSlots, positions: positions)
    // Keep the records' problems in file order, duplicates included.
    let recordProblems = problems[firstProblem...].enumerated().sorted { a, b in
      (Self.recordIndex(a.element.path), a.offset) < (Self.recordIndex(b.element.path), b.offset)
    }.map(\.element)
    problems.replaceSubrange(firstProblem..., with: recordProblems)
    return result
  }

  /// N of a path `records[N]…`.
  private static func recordIndex(_ path: String) -> Int {
    Int(path.dropFirst("records[".count).prefix { $0.isNumber }) ?? 0
  }

  /// Reports every record that repeats an earlier one (same tracker, same date). Sorting beats
  /// hashing every record here: the input is usually sorted already.
  private mutating func reportDuplicates(_ records: [TrackerRecord], slots: [Int], positions: [Int]) {
    let order = records.indices.sorted { a, b in
      (slots[a], records[a].day.daysSinceEpoch, positions[a]) < (
        slots[b], records[b].day.daysSinceEpoch, positions[b]
      )
    }
    var duplicates: [(index: Int, first: Int)] = []
    for (previous, current) in zip(order, order.dropFirst()) where records[previous] == records[current] {
      // Chains of three or more all point at the first of the run.
      let first =
        duplicates.last.flatMap { $0.index == positions[previous] ? $0.first : nil } ?? positions[previous]
      duplicates.append((positions[current], first))
    }
    for duplicate in duplicates.sorted(by: { $0.index < $1.index }) {
      problem(
        "records[\(duplicate.index)]",
        "duplicate of records[\(duplicate.first)]: the same tracker on the same date")
    }
  }

  // MARK: Fields

  /// Reports an id already in the store, or already used earlier in the file.
  private mutating func checkUnique(
    _ id: UUID, at path: String, existing: Set<UUID>, seen: inout [UUID: String]
  ) {
    if existing.contains(id) {
      problem(path + ".id", "\(id.uuidString) is already in the store")
    } else if let first = seen[id] {
      problem(path + ".id", "\(id.uuidString) is used twice (also by \(first))")
    }
    seen[id] = seen[id] ?? path
  }

  private mutating func problem(_ path: String, _ message: String) {
    problems.append(ImportProblem(path: path, message: message))
  }

  private mutating func checkKeys(_ value: JSONValue, _ path: String, allowed: [String]) {
    guard case .object(let pairs) = value else { return }
    for (key, _) in pairs where !allowed.contains(key) {
      problem(path == "$" ? key : "\(path).\(key)", "unknown field")
    }
  }

  private mutating func object(_ value: JSONValue, _ item: () -> String, allowed: [String]) -> Bool {
    guard case .object(let pairs) = value else {
      problem(item(), "expected an object, found \(value.kind)")
      return false
    }
    if pairs.contains(where: { !allowed.contains($0.0) }) { checkKeys(value, item(), allowed: allowed) }
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

  // Field readers take the item's path as a closure: paths are only spelled out for problems,
  // which keeps a 700,000-record import from building 700,000 strings it never shows.

  private mutating func string(_ object: JSONValue, _ key: String, _ item: () -> String) -> String? {
    switch object[key] {
    case .string(let text)?: return text
    case let other?: problem(item() + "." + key, "expected a string, found \(other.kind)")
    case nil: problem(item() + "." + key, "missing")
    }
    return nil
  }

  private mutating func uuid(_ object: JSONValue, _ key: String, _ item: () -> String) -> UUID? {
    guard let text = string(object, key, item) else { return nil }
    guard let id = UUID(canonical: text) else {
      problem(item() + "." + key, "\(JSONWriter.quoted(text)) is not a UUID")
      return nil
    }
    return id
  }

  private mutating func date(_ object: JSONValue, _ key: String, _ item: () -> String) -> Day? {
    guard let text = string(object, key, item) else { return nil }
    let path = item() + "." + key
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
    _ object: JSONValue, _ key: String, _ item: () -> String, others: inout [String: String],
    existing: [String],
    noun: String
  ) -> String? {
    guard let raw = string(object, key, item) else { return nil }
    let path = item() + "." + key
    switch NameRules.validate(raw, against: existing) {
    case .failure(.empty):
      problem(path, "empty; a \(noun) needs a name")
    case .failure(.tooLong(let count)):
      problem(path, "\(count) characters; the limit is \(NameRules.maximumLength)")
    case .failure(.forbiddenCharacter(let scalar)):
      problem(
        path,
        "contains the control or bidirectional character U+\(String(scalar.value, radix: 16, uppercase: true))"
      )
    case .failure(.duplicate(let clash)):
      problem(
        path,
        "\(JSONWriter.quoted(NameRules.trimmed(raw))) is already used by the \(noun) \(JSONWriter.quoted(clash)) in the store"
      )
    case .success(let name):
      let key = NameRules.comparisonKey(name)
      if let first = others[key] {
        problem(
          path, "\(JSONWriter.quoted(name)) is already used by \(first) (names are unique, ignoring case)")
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
          let shown = {
            if case .string(let text) = value { return JSONWriter.quoted(text) } else { return value.kind }
          }()
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
