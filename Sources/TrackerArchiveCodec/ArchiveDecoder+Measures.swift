import Foundation
import TrackerModels

extension ArchiveDecoder {
  // MARK: Measures, quotas, amounts and notes (version 3)

  /// A problem found in a part of a value: the path after the value's own, and the message.
  package typealias PartProblem = (path: String, reason: StoreMessage)

  /// `measure`: absent or null for a yes/no tracker, else `{"unit": "km", "target": "20",
  /// "direction": "at-least"}`; nil (with its problems reported) when it is not valid.
  mutating func measure(_ tracker: JSONValue, _ path: String) -> TrackerMeasure? {
    switch Self.parseMeasure(tracker["measure"]) {
    case .success(let measure): return measure
    case .failure(let found):
      for part in found.problems { problem(path + ".measure" + part.path, part.reason) }
      return nil
    }
  }

  /// The measure of a `measure` member (nil: absent), or every problem with it.
  package static func parseMeasure(_ value: JSONValue?) -> Result<TrackerMeasure, PartProblems> {
    guard let value, value != .null else { return .success(.yesNo) }
    guard case .object(let pairs) = value else {
      return .failure(
        PartProblems([
          (
            "",
            StoreMessage(
              "import.measureKind", "expected an object with unit, target and direction, or null, found %@",
              .message(value.kindName))
          )
        ]))
    }
    var found: [PartProblem] = pairs.filter { !["unit", "target", "direction", "per"].contains($0.0) }.map {
      ("." + $0.0, StoreMessage("import.unknownField", "unknown field"))
    }
    var unit: String?
    switch value["unit"] {
    case .string(let text)?:
      switch MeasureGoal.validatedUnit(text) {
      case .success(let valid): unit = valid
      case .failure(let error): found.append((".unit", unitMessage(error)))
      }
    case let other?: found.append((".unit", expected(string, found: other)))
    case nil: found.append((".unit", missing))
    }
    var target: Amount?
    switch value["target"] {
    case let given?:
      switch parseAmount(given) {
      // 0 is a target at most only (a habit to quit).
      case .success(let amount) where amount.isPositive || value["direction"] == .string("at-most"):
        target = amount
      case .success:
        found.append(
          (
            ".target",
            StoreMessage(
              "import.targetNotPositive",
              "0 is a target at most only (a habit to quit); at least, it is more than zero")
          ))
      case .failure(let part): found += part.problems.map { (".target" + $0.path, $0.reason) }
      }
    case nil: found.append((".target", missing))
    }
    var direction: MeasureDirection?
    switch value["direction"] {
    case .string(let text)?:
      direction = MeasureDirection(rawValue: text)
      if direction == nil {
        found.append(
          (
            ".direction",
            StoreMessage(
              "import.notADirection", "%@ is not a direction; use \"at-least\" or \"at-most\"",
              .text(JSONWriter.quoted(text)))
          ))
      }
    case let other?: found.append((".direction", expected(string, found: other)))
    case nil: found.append((".direction", missing))
    }
    // Version 4: "per": "week" or "month" for a target of the period; left out for a day's.
    var period: Quota.Period?
    switch value["per"] {
    case .string(let text)?:
      period = Quota.Period(rawValue: text)
      if period == nil {
        found.append(
          (
            ".per",
            StoreMessage(
              "import.notATargetPeriod", "%@ is not a target's period; use \"week\" or \"month\"",
              .text(JSONWriter.quoted(text)))
          ))
      }
    case let other?: found.append((".per", expected(string, found: other)))
    case nil: break
    }
    guard found.isEmpty, let unit, let target, let direction,
      let goal = try? MeasureGoal(unit: unit, target: target, direction: direction, period: period)
    else { return .failure(PartProblems(found)) }
    return .success(.measurable(goal))
  }

  /// `quota`: absent or null for none, else `{"times": 3, "per": "week"}` on a habit whose
  /// schedule lists all seven days (a quota habit is shown every day); `.some(nil)` for none,
  /// nil (with its problems reported) when it is not valid.
  mutating func quota(_ tracker: JSONValue, _ path: String, kind: TrackerKind?) -> Quota?? {
    guard let value = tracker["quota"], value != .null else { return .some(nil) }
    switch Self.parseQuota(value) {
    case .failure(let found):
      for part in found.problems { problem(path + ".quota" + part.path, part.reason) }
      return nil
    case .success(let quota):
      switch kind {
      case .event?:
        problem(
          path + ".quota",
          StoreMessage(
            "import.quotaOnEvent",
            "an irregular event has no quota; a quota habit's schedule lists all seven days"))
        return nil
      case .habit(let schedule)? where schedule.days != .everyDay:
        problem(
          path + ".quota",
          StoreMessage(
            "import.quotaWithWeekdays",
            "a quota habit is done on any days of its period: its schedule lists all seven days, not some"))
        return nil
      case .habit?, nil:
        return .some(quota)
      }
    }
  }

  /// `window`: absent or null for none, else `{"times": 2, "in": 10}` (version 4) on a habit whose
  /// schedule lists all seven days and that has no quota; `.some(nil)` for none, nil (with its
  /// problems reported) when it is not valid.
  mutating func window(_ tracker: JSONValue, _ path: String, kind: TrackerKind?) -> TimesInDays?? {
    guard let value = tracker["window"], value != .null else { return .some(nil) }
    switch Self.parseWindow(value) {
    case .failure(let found):
      for part in found.problems { problem(path + ".window" + part.path, part.reason) }
      return nil
    case .success(let window):
      let isEveryDayHabit: Bool
      switch kind {
      case .habit(let schedule)?: isEveryDayHabit = schedule.days == .everyDay
      case .event?: isEveryDayHabit = false
      case nil: return .some(window)
      }
      guard isEveryDayHabit, tracker["quota"] == nil || tracker["quota"] == .null else {
        problem(
          path + ".window",
          StoreMessage(
            "import.windowNotOnEveryDay",
            "a habit of N times in Y days is shown every day: its schedule lists all seven days, and it has no quota"
          ))
        return nil
      }
      return .some(window)
    }
  }

  /// Why the file's schedule and measure cannot go together (`Tracker.paceConflict`).
  static func paceMessage(_ conflict: PaceConflict) -> StoreMessage {
    switch conflict {
    case .windowOnMeasurable:
      return StoreMessage(
        "import.windowOnMeasurable", "N times in Y days counts ticks: a measurable tracker takes no window")
    case .periodTargetWithQuota:
      return StoreMessage(
        "import.periodTargetWithQuota",
        "a target of a week or a month goes with the days of the week, not with a quota or a window")
    case .periodTargetOnEvent:
      return StoreMessage(
        "import.periodTargetOnEvent", "an irregular event has no target of a week or a month")
    }
  }

  /// The window of a non-null `window` member, or every problem with it.
  package static func parseWindow(_ value: JSONValue) -> Result<TimesInDays, PartProblems> {
    guard case .object(let pairs) = value else {
      return .failure(
        PartProblems([
          (
            "",
            StoreMessage(
              "import.windowKind", "expected an object with times and in, or null, found %@",
              .message(value.kindName))
          )
        ]))
    }
    var found: [PartProblem] = pairs.filter { !["times", "in"].contains($0.0) }.map {
      ("." + $0.0, StoreMessage("import.unknownField", "unknown field"))
    }
    func integer(_ key: String) -> Int? {
      switch value[key] {
      case .number(let text)? where Int(text).map(String.init) == text: return Int(text)
      case let other?: found.append(("." + key, expected(Self.integer, found: other)))
      case nil: found.append(("." + key, missing))
      }
      return nil
    }
    let times = integer("times")
    let days = integer("in")
    if found.isEmpty, let times, let days {
      if let window = TimesInDays(times, in: days) { return .success(window) }
      found.append(
        (
          "",
          StoreMessage(
            "import.windowRange",
            "times: %@, in: %@; a window is 2 to 31 days and asks fewer times than its days",
            .text(String(times)), .text(String(days)))
        ))
    }
    return .failure(PartProblems(found))
  }

  /// The quota of a non-null `quota` member, or every problem with it.
  package static func parseQuota(_ value: JSONValue) -> Result<Quota, PartProblems> {
    guard case .object(let pairs) = value else {
      return .failure(
        PartProblems([
          (
            "",
            StoreMessage(
              "import.quotaKind", "expected an object with times and per, or null, found %@",
              .message(value.kindName))
          )
        ]))
    }
    var found: [PartProblem] = pairs.filter { !["times", "per"].contains($0.0) }.map {
      ("." + $0.0, StoreMessage("import.unknownField", "unknown field"))
    }
    var period: Quota.Period?
    switch value["per"] {
    case .string(let text)?:
      period = Quota.Period(rawValue: text)
      if period == nil {
        found.append(
          (
            ".per",
            StoreMessage(
              "import.notAPeriod", "%@ is not a period; use \"week\" or \"month\"",
              .text(JSONWriter.quoted(text)))
          ))
      }
    case let other?: found.append((".per", expected(string, found: other)))
    case nil: found.append((".per", missing))
    }
    var times: Int?
    switch value["times"] {
    case .number(let text)?:
      times = Int(text)
      if times == nil {
        found.append(
          (".times", StoreMessage("import.timesNotWhole", "%@ is not a whole number of times", .text(text))))
      }
    case let other?:
      found.append(
        (".times", StoreMessage("import.timesKind", "expected a number, found %@", .message(other.kindName))))
    case nil: found.append((".times", missing))
    }
    if let times, let period, Quota(times, per: period) == nil {
      let range = period.allowedCounts
      found.append(
        (
          ".times",
          period == .week
            ? StoreMessage(
              "import.timesAWeek",
              "%@ times a week; a quota asks %@ to %@ times a week (7 is a habit on every day)",
              .text(String(times)), .text(String(range.lowerBound)), .text(String(range.upperBound)))
            : StoreMessage(
              "import.timesAMonth", "%@ times a month; a quota asks %@ to %@ times a month",
              .text(String(times)),
              .text(String(range.lowerBound)), .text(String(range.upperBound)))
        ))
    }
    guard found.isEmpty, let times, let period, let quota = Quota(times, per: period) else {
      return .failure(PartProblems(found))
    }
    return .success(quota)
  }

  /// A record's amount, reported at `path` when it is not one.
  mutating func amount(_ value: JSONValue, _ path: String) -> Amount? {
    switch Self.parseAmount(value) {
    case .success(let amount): return amount
    case .failure(let part):
      for found in part.problems { problem(path + found.path, found.reason) }
      return nil
    }
  }

  /// An amount or target: an exact decimal, as a string ("12.5", the way export writes it) or a
  /// number (read from its text, never through a floating-point value), up to three decimals.
  package static func parseAmount(_ value: JSONValue) -> Result<Amount, PartProblems> {
    let text: String
    switch value {
    case .string(let given), .number(let given): text = given
    case .null, .bool, .array, .object:
      return .failure(
        PartProblems(
          "",
          StoreMessage(
            "import.amountKind", "expected a decimal such as \"12.5\", found %@", .message(value.kindName))))
    }
    let shown = StoreMessage.Argument.text(JSONWriter.quoted(text))
    let reason: StoreMessage
    do throws(AmountParseError) {
      return .success(try Amount(parsing: text))
    } catch {
      switch error {
      case .empty, .notANumber:
        reason = StoreMessage("import.notAnAmount", "%@ is not a decimal such as \"12.5\"", shown)
      case .negative:
        reason = StoreMessage("import.negativeAmount", "%@ is below zero; amounts are never negative", shown)
      case .tooManyDecimals:
        reason = StoreMessage("import.amountDecimals", "%@ has more than three decimals", shown)
      case .tooLarge:
        reason = StoreMessage("import.amountTooLarge", "%@ is more than 999999999.999", shown)
      }
    }
    return .failure(PartProblems("", reason))
  }

  /// What is wrong with a unit.
  static func unitMessage(_ error: MeasureError) -> StoreMessage {
    switch error {
    case .emptyUnit: return StoreMessage("import.unit.empty", "empty; a measurable tracker needs a unit")
    case .unitTooLong(let count):
      return StoreMessage("import.unit.tooLong", "%@ characters; the limit is 12", .text(String(count)))
    case .forbiddenCharacterInUnit(let scalar):
      return StoreMessage(
        "import.forbiddenCharacter", "contains the control or bidirectional character U+%@",
        .text(NameRules.codePoint(scalar.value)))
    case .targetNotPositive:
      return StoreMessage(
        "import.targetNotPositive",
        "0 is a target at most only (a habit to quit); at least, it is more than zero")
    }
  }

  /// `value` (a tracker of the file) with its `measure` and `quota` written as export writes them
  /// when they are valid, so a file that writes the same goal another way ("20.0", keys in another
  /// order) is the same tracker as the store's.
  package static func canonical(_ value: JSONValue) -> JSONValue {
    guard case .object(var pairs) = value else { return value }
    for index in pairs.indices {
      switch pairs[index].0 {
      case "measure":
        if case .success(let measure) = parseMeasure(pairs[index].1) {
          pairs[index].1 = measure.goal.map(TrackerArchive.encode) ?? .null
        }
      case "quota":
        if pairs[index].1 != .null, case .success(let quota) = parseQuota(pairs[index].1) {
          pairs[index].1 = TrackerArchive.encode(quota)
        }
      case "reminders":
        if case .success(let reminders) = parseReminders(pairs[index].1) {
          pairs[index].1 = reminders.isEmpty ? .null : TrackerArchive.encode(reminders)
        }
      // What a tracker has when it is neither archived nor moved, written out or left out.
      case "archived" where pairs[index].1 == .bool(false): pairs[index].1 = .null
      case "order" where pairs[index].1 == .int(0): pairs[index].1 = .null
      default: break
      }
    }
    return .object(pairs)
  }

  /// `[{"tracker": "…", "date": "…", "text": "…"}]`: each of a tracker of the file or the store,
  /// once per tracker and day, its text a valid note. A note the store has on that day with
  /// another text is a problem: an import never changes what is there.
  mutating func decodeNotes(_ values: [JSONValue], trackers: [Tracker]) -> [TrackerNote] {
    guard !values.isEmpty else { return [] }
    let known = Set(trackers.map(\.id)).union(existing.trackers.map(\.id))
    var stored: [TrackerDayOff: String] = [:]
    for note in existing.notes { stored[TrackerDayOff(trackerID: note.trackerID, day: note.day)] = note.text }
    var seen: [TrackerDayOff: Int] = [:]
    var result: [TrackerNote] = []
    for (index, value) in values.enumerated() {
      let item = { "notes[\(index)]" }
      guard object(value, item, allowed: Self.noteKeys) else { continue }
      var tracker: UUID?
      if let id = uuid(value, "tracker", item) {
        if known.contains(id) {
          tracker = id
        } else if !declaredTrackers.contains(id) {
          problem(
            item() + ".tracker",
            StoreMessage(
              "import.noSuchTracker", "no tracker with id %@ in the file or the store", .text(id.uuidString)))
        }
      }
      var day = date(value, "date", item)
      if let noteDay = day, noteDay > Day.latestStored {
        problem(
          item() + ".date",
          StoreMessage(
            "import.noteTooLate", "%@ is after %@, the latest day the app keeps", .day(noteDay),
            .day(Day.latestStored)))
        day = nil
      }
      var text: String?
      if let raw = string(value, "text", item) {
        switch TrackerNote.validatedText(raw) {
        case .success(let valid): text = valid
        case .failure(.empty):
          problem(item() + ".text", StoreMessage("import.note.empty", "empty; a note has some text"))
        case .failure(.tooLong(let count)):
          problem(
            item() + ".text",
            StoreMessage("import.note.tooLong", "%@ characters; the limit is 500", .text(String(count))))
        case .failure(.forbiddenCharacter(let scalar)):
          problem(
            item() + ".text",
            StoreMessage(
              "import.note.forbiddenCharacter",
              "contains the control or bidirectional character U+%@ (line breaks are the only control characters a note may hold)",
              .text(NameRules.codePoint(scalar.value))))
        }
      }
      guard let tracker, let day, let text else { continue }
      let key = TrackerDayOff(trackerID: tracker, day: day)
      if let first = seen[key] {
        problem(
          item(),
          StoreMessage(
            "import.duplicateNote", "duplicate of notes[%@]: one note per tracker and day",
            .text(String(first))))
        continue
      }
      seen[key] = index
      if let storedText = stored[key], storedText != text {
        problem(
          item() + ".text",
          StoreMessage(
            "import.noteDiffersFromStore",
            "the store has another note for this tracker on %@ (%@); an import never changes what is there",
            .day(day), .text(JSONWriter.quoted(storedText))))
        continue
      }
      result.append(TrackerNote(trackerID: tracker, day: day, text: text))
    }
    return result
  }

  mutating func schedule(_ object: JSONValue, _ path: String) -> TrackerKind? {
    switch object["schedule"] {
    case .null?:
      return .event
    case .array(let values)?:
      var days = WeekdaySet()
      var valid = true
      for (index, value) in values.enumerated() {
        guard case .string(let code) = value, let weekday = Weekday(code: code) else {
          let shown = {
            if case .string(let text) = value {
              return StoreMessage.Argument.text(JSONWriter.quoted(text))
            } else {
              return StoreMessage.Argument.message(value.kindName)
            }
          }()
          problem(
            "\(path)[\(index)]",
            StoreMessage(
              "import.notAWeekday", "%@ is not a weekday; use mon, tue, wed, thu, fri, sat or sun", shown))
          valid = false
          continue
        }
        if days.contains(weekday) {
          problem(
            "\(path)[\(index)]",
            StoreMessage("import.weekdayTwice", "%@ is listed twice", .text(JSONWriter.quoted(code))))
          valid = false
        }
        days.insert(WeekdaySet(weekday))
      }
      guard valid else { return nil }
      guard let schedule = Schedule(days) else {
        problem(
          path,
          StoreMessage(
            "import.noWeekdays", "empty; a habit needs at least one weekday (null makes an irregular event)"))
        return nil
      }
      return .habit(schedule)
    case let other?:
      problem(
        path,
        StoreMessage(
          "import.scheduleKind", "expected an array of weekdays or null, found %@", .message(other.kindName)))
    case nil:
      problem(path, StoreMessage("import.missingSchedule", "missing (null for an irregular event)"))
    }
    return nil
  }
}
