import Foundation
import TrackerModels

/// The design's own example (docs/rules.md), built relative to a given today so that the tour and
/// every demo screen always look current. Ids are fixed, so two builds for one day are equal.
///
/// The demo looks alive on every day of the week: the two habits with a schedule are scheduled
/// relative to today's weekday (exercise on today and every other day after it, Monday,
/// Wednesday and Friday when today is a Monday; the board games on the two days before today's
/// weekday), so whatever the day, the main screen has a habit done today with its streak, one
/// still to do with its flame, a day off (the cat's calls: no calls today), and the same
/// statistics. Only the calendar's shape (month ends) differs from one day to the next.
public struct DemoData: Hashable, Sendable {
  /// The language the demo's names are written in; user data is never translated, but the demo
  /// speaks the language of whoever is watching it.
  public enum Language: Sendable {
    /// The design's original Russian names.
    case russian
    /// English versions of the same names.
    case english
  }

  /// The categories, in creation order.
  public let categories: [TrackerCategory]
  /// The trackers, in creation order.
  public let trackers: [Tracker]
  /// The records, sorted by day.
  public let records: [TrackerRecord]
  /// The days off: today, for the cat on calls (an event: no calls today).
  public let daysOff: [TrackerDayOff]
  /// The category last chosen in the form.
  public let lastChosenCategoryID: UUID

  /// The demo as it looks on `today`.
  public init(today: Day, language: Language = .russian) {
    let text = language == .russian ? DemoData.russian : DemoData.english
    let home = TrackerCategory(id: demoID(1), title: text[0])
    let joys = TrackerCategory(id: demoID(2), title: text[1])
    let created = today.adding(days: -40)
    // Today's weekday and every other one after it; the two before today's (on a Monday: Mon, Wed,
    // Fri and Sat, Sun).
    let weekdays = Schedule(WeekdaySet([0, 2, 4].map { today.adding(days: $0).weekday })) ?? .everyDay
    let weekend = Schedule(WeekdaySet([5, 6].map { today.adding(days: $0).weekday })) ?? .everyDay
    func tracker(
      _ number: Int, _ emoji: Int, _ color: Int, _ category: TrackerCategory,
      pinned: Bool = false, _ kind: TrackerKind
    ) -> Tracker {
      Tracker(
        id: demoID(100 + number), name: text[number + 1], emoji: TrackerEmoji.all[emoji],
        color: TrackerColor.palette[color], categoryID: category.id, isPinned: pinned,
        createdOn: created, kind: kind)
    }
    let plants = tracker(1, 4, 4, home, pinned: true, .habit(.everyDay))
    let cat = tracker(2, 1, 1, joys, .event)
    let grandma = tracker(3, 2, 0, joys, .event)
    let exercise = tracker(4, 13, 7, home, .habit(weekdays))
    let dates = tracker(5, 6, 11, joys, .habit(weekend))

    var records: [TrackerRecord] = []
    // Watering: ten days in a row up to yesterday, so today's card is still to be done.
    records += (1...10).map { TrackerRecord(trackerID: plants.id, day: today.adding(days: -$0)) }
    records += [3, 8].map { TrackerRecord(trackerID: cat.id, day: today.adding(days: -$0)) }
    records.append(TrackerRecord(trackerID: grandma.id, day: today.adding(days: -5)))
    // Exercise: its last five due days, today included when due.
    records += TrackedDaysEdit.daysToAdd(
      count: 5, kind: exercise.kind, recordedDays: [], today: today
    ).map { TrackerRecord(trackerID: exercise.id, day: $0) }
    // Board games: its two most recent due days a week ago and before, so its streak was broken.
    records += TrackedDaysEdit.daysToAdd(
      count: 2, kind: dates.kind, recordedDays: [], today: today.adding(days: -7)
    ).map { TrackerRecord(trackerID: dates.id, day: $0) }

    self.categories = [home, joys]
    self.trackers = [plants, cat, grandma, exercise, dates]
    self.records = records.sorted { ($0.day, $0.trackerID.uuidString) < ($1.day, $1.trackerID.uuidString) }
    self.daysOff = [TrackerDayOff(trackerID: cat.id, day: today)]
    self.lastChosenCategoryID = home.id
  }

  /// Everything the demo holds, as a store takes it.
  public var contents: StoreContents {
    StoreContents(categories: categories, trackers: trackers, records: records, daysOff: daysOff)
  }

  private static let russian = [
    "Домашний уют", "Радостные мелочи", "Поливать растения", "Кошка заслонила камеру на созвоне",
    "Бабушка прислала открытку в вотсапе", "Зарядка", "Настолки с друзьями",
  ]
  private static let english = [
    "Home comfort", "Little joys", "Water the plants", "The cat blocked the camera on a call",
    "Grandma sent a postcard on WhatsApp", "Morning exercise", "Board games with friends",
  ]
}

/// A fixed id for demo item `number`: DE000000-0000-4000-8000-0000000000NN (valid version 4).
private func demoID(_ number: Int) -> UUID {
  let n = UInt8(truncatingIfNeeded: number)
  return UUID(uuid: (0xDE, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(number >> 8 & 0xFF), n))
}
