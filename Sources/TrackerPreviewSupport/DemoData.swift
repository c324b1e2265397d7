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
    self.records = records.sorted { ($0.day, $0.trackerID.textOrder) < ($1.day, $1.trackerID.textOrder) }
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

// Issue 32: cards, sheets, detail
extension DemoData {
  /// The demo with issue 32's two habits beside it, in a category of their own: a run measured in
  /// km (at least 5 a day) with twelve weeks of amounts, one below its target today, and three
  /// notes, today's among them; and a swim three times a week over three weeks, done today. The
  /// command line's `--demo` and the tour's steps of issue 32 show it; `contents`, without them,
  /// is what the other references and tests start from (docs/decisions.md).
  public var pacedContents: StoreContents {
    var contents = self.contents
    // The demo's trackers are created 40 days before its today.
    let today = trackers[0].createdOn.adding(days: 40)
    let isRussian = categories[0].title == DemoData.russian[0]
    let sport = TrackerCategory(id: demoID(3), title: isRussian ? "Спорт" : "Sport")
    let created = today.adding(days: -90)
    let goal = try? MeasureGoal(
      unit: isRussian ? "км" : "km", target: Amount(units: 5) ?? .zero, direction: .atLeast)
    let run = Tracker(
      id: demoID(106), name: isRussian ? "Бег" : "Run", emoji: TrackerEmoji.all[14],
      color: TrackerColor.palette[2],
      categoryID: sport.id, isPinned: false, createdOn: created, kind: .habit(.everyDay),
      measure: goal.map(TrackerMeasure.measurable) ?? .yesNo)
    let swim = Tracker(
      id: demoID(107), name: isRussian ? "Плавание" : "Swim", emoji: TrackerEmoji.all[10],
      color: TrackerColor.palette[9], categoryID: sport.id, isPinned: false, createdOn: created,
      kind: Quota(3, per: .week).map { .habit(Schedule(quota: $0)) } ?? .habit(.everyDay))
    // Amounts in thousandths, a week's pattern with days of rest: the bars rise and fall.
    let pattern = [5000, 6500, 0, 7250, 4000, 0, 8000, 5500, 3000, 0, 12_500, 6000, 0, 5200, 9000, 0, 2500]
    var records: [TrackerRecord] = []
    for offset in 1...84 {
      let thousandths =
        pattern[offset % pattern.count] + (offset < 28 ? 1500 : 0) - (offset % 11 == 0 ? 2000 : 0)
      guard thousandths > 0, let amount = Amount(thousandths: thousandths) else { continue }
      records.append(TrackerRecord(trackerID: run.id, day: today.adding(days: -offset), amount: amount))
    }
    // Today: 3.5 of 5 so far, shown and not done.
    records.append(TrackerRecord(trackerID: run.id, day: today, amount: Amount(thousandths: 3500)))
    // The swim: today, two and four days ago, and the same one and two weeks before — three in
    // any seven days, whatever today's weekday. So this week is met, or is once the days left in
    // it are taken off (the vacation example), the statistics read the same every day, and its
    // streak (7 to 9) stays under the watering's 10.
    for offset in [0, 2, 4, 7, 9, 11, 14, 16, 18] {
      records.append(TrackerRecord(trackerID: swim.id, day: today.adding(days: -offset)))
    }
    contents.categories.append(sport)
    contents.trackers += [run, swim]
    contents.records = (contents.records + records).sorted {
      ($0.day, $0.trackerID.textOrder) < ($1.day, $1.trackerID.textOrder)
    }
    contents.notes = [
      // Today's, so that the note sheet (`show note --demo`) and the detail show one.
      TrackerNote(
        trackerID: run.id, day: today,
        text: isRussian ? "Ноги устали, добегу вечером" : "Tired legs: the rest tonight"),
      TrackerNote(
        trackerID: run.id, day: today.adding(days: -3),
        text: isRussian ? "Бегал под дождём" : "Ran in the rain"),
      TrackerNote(
        trackerID: run.id, day: today.adding(days: -10),
        text: isRussian ? "Новые кроссовки\nКолено не болит" : "New shoes\nThe knee is fine"),
    ]
    return contents
  }
}
