import Foundation
import TrackerModels

/// The design's own example (docs/rules.md), built relative to a given today so that the tour and
/// every demo screen always look current. Ids are fixed, so two builds for one day are equal.
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
  /// The category last chosen in the form.
  public let lastChosenCategoryID: UUID

  /// The demo as it looks on `today`.
  public init(today: Day, language: Language = .russian) {
    let text = language == .russian ? DemoData.russian : DemoData.english
    let home = TrackerCategory(id: demoID(1), title: text[0])
    let joys = TrackerCategory(id: demoID(2), title: text[1])
    let created = today.adding(days: -40)
    let weekdays = Schedule(WeekdaySet([.monday, .wednesday, .friday])) ?? .everyDay
    let weekend = Schedule(WeekdaySet([.saturday, .sunday])) ?? .everyDay
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
    // Dates: the two most recent weekend days before this week's.
    records += TrackedDaysEdit.daysToAdd(
      count: 2, kind: dates.kind, recordedDays: [], today: today.adding(days: -7)
    ).map { TrackerRecord(trackerID: dates.id, day: $0) }

    self.categories = [home, joys]
    self.trackers = [plants, cat, grandma, exercise, dates]
    self.records = records.sorted { ($0.day, $0.trackerID.uuidString) < ($1.day, $1.trackerID.uuidString) }
    self.lastChosenCategoryID = home.id
  }

  private static let russian = [
    "Домашний уют", "Радостные мелочи", "Поливать растения", "Кошка заслонила камеру на созвоне",
    "Бабушка прислала открытку в вотсапе", "Зарядка", "Свидания по выходным",
  ]
  private static let english = [
    "Home comfort", "Little joys", "Water the plants", "The cat blocked the camera on a call",
    "Grandma sent a postcard on WhatsApp", "Morning exercise", "Weekend dates",
  ]
}

/// A fixed id for demo item `number`: DE000000-0000-4000-8000-0000000000NN (valid version 4).
private func demoID(_ number: Int) -> UUID {
  let n = UInt8(truncatingIfNeeded: number)
  return UUID(uuid: (0xDE, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(number >> 8 & 0xFF), n))
}
