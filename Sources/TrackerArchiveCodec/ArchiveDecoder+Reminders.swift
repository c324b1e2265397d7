import Foundation
import TrackerModels

/// A tracker's `reminders` member (docs/data-format.md): an array of
/// `{"at": "07:30", "days": ["mon", "wed"], "ifNotDone": true}`, `days` absent for the days the
/// tracker is due, `ifNotDone` absent for true. Absent or empty: no reminders. The sync's
/// `reminders` field carries the same value.
extension ArchiveDecoder {
  /// The reminders of `tracker`, reported under `path` when they are not valid.
  mutating func reminders(_ tracker: JSONValue, _ path: String) -> [HabitReminder]? {
    switch Self.parseReminders(tracker["reminders"]) {
    case .success(let reminders): return reminders
    case .failure(let found):
      for part in found.problems { problem(path + ".reminders" + part.path, part.reason) }
      return nil
    }
  }

  /// The reminders of a `reminders` member (nil or null: none), or every problem with them.
  package static func parseReminders(_ value: JSONValue?) -> Result<[HabitReminder], PartProblems> {
    guard let value, value != .null else { return .success([]) }
    guard case .array(let items) = value else {
      return .failure(
        PartProblems(
          "",
          StoreMessage(
            "import.remindersKind", "expected an array of reminders, found %@", .message(value.kindName))
        ))
    }
    var found: [PartProblem] = []
    var reminders: [HabitReminder] = []
    var times: Set<ReminderTime> = []
    for (index, item) in items.enumerated() {
      let at = "[\(index)]"
      guard case .object(let pairs) = item else {
        found.append(
          (
            at,
            StoreMessage(
              "import.reminderKind", "expected a reminder object, found %@", .message(item.kindName))
          ))
        continue
      }
      found += pairs.filter { !["at", "days", "ifNotDone"].contains($0.0) }.map {
        (at + "." + $0.0, StoreMessage("import.unknownField", "unknown field"))
      }
      var time: ReminderTime?
      switch item["at"] {
      case .string(let text)?:
        time = ReminderTime(text)
        if time == nil {
          found.append(
            (
              at + ".at",
              StoreMessage(
                "import.notATime", "%@ is not a time (HH:MM, 00:00 to 23:59)", .text(JSONWriter.quoted(text)))
            ))
        } else if let time, !times.insert(time).inserted {
          found.append(
            (
              at + ".at",
              StoreMessage(
                "import.reminderTwice", "a second reminder at %@; a tracker has one per time",
                .text(time.description))
            ))
        }
      case let other?: found.append((at + ".at", expected(string, found: other)))
      case nil: found.append((at + ".at", missing))
      }
      var days: WeekdaySet?
      var daysValid = true
      switch item["days"] {
      case nil, .null?: break
      case .array(let codes)?:
        var set = WeekdaySet()
        for code in codes {
          guard case .string(let text) = code, let weekday = Weekday(code: text) else {
            found.append(
              (
                at + ".days",
                StoreMessage(
                  "import.notAWeekday", "%@ is not a weekday; use mon, tue, wed, thu, fri, sat or sun",
                  Self.quoted(code))
              ))
            daysValid = false
            continue
          }
          set.insert(WeekdaySet(weekday))
        }
        if daysValid, set.isEmpty {
          found.append(
            (
              at + ".days",
              StoreMessage("import.noReminderDays", "no days; leave days out for the tracker's own days")
            ))
          daysValid = false
        }
        days = set
      case let other?:
        found.append((at + ".days", expected(Self.array, found: other)))
        daysValid = false
      }
      var onlyIfNotDone = true
      switch item["ifNotDone"] {
      case nil: break
      case .bool(let flag)?: onlyIfNotDone = flag
      case let other?: found.append((at + ".ifNotDone", expected(Self.bool, found: other)))
      }
      if let time, daysValid {
        reminders.append(HabitReminder(time: time, days: days, onlyIfNotDone: onlyIfNotDone))
      }
    }
    if reminders.count > HabitReminder.limit {
      found.append(
        (
          "",
          StoreMessage(
            "import.tooManyReminders", "%@ reminders; a tracker keeps at most %@",
            .text(String(reminders.count)),
            .text(String(HabitReminder.limit)))
        ))
    }
    guard found.isEmpty else { return .failure(PartProblems(found)) }
    return .success(HabitReminder.normalized(reminders))
  }
}

extension ArchiveDecoder {
  /// A JSON value as a message names it: a string quoted, anything else by its kind.
  static func quoted(_ value: JSONValue) -> StoreMessage.Argument {
    if case .string(let text) = value { return .text(JSONWriter.quoted(text)) }
    return .message(value.kindName)
  }
}

extension TrackerArchive {
  /// A tracker's reminders as the archive and the sync write them (see `parseReminders`).
  package static func encode(_ reminders: [HabitReminder]) -> JSONValue {
    .array(
      reminders.map { reminder in
        var members: [(String, JSONValue)] = [("at", .string(reminder.time.description))]
        if let days = reminder.days { members.append(("days", .array(days.days.map { .string($0.code) }))) }
        if !reminder.onlyIfNotDone { members.append(("ifNotDone", .bool(false))) }
        return .object(members)
      })
  }
}
