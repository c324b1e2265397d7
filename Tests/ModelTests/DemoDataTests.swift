import ModelTestSupport
import Testing
import TrackerModels
import TrackerPreviewSupport

@Suite("Demo data")
struct DemoDataTests {
  @Test func demoMatchesTheDesignsExample() throws {
    let demo = DemoData(today: day("2026-11-30"))
    #expect(demo.categories.map(\.title) == ["Домашний уют", "Радостные мелочи"])
    let plants = try #require(demo.trackers.first { $0.name == "Поливать растения" })
    #expect(plants.isPinned && plants.emoji == "❤️" && plants.categoryID == demo.categories[0].id)
    func count(_ name: String) -> Int {
      let id = demo.trackers.first { $0.name == name }?.id
      return demo.records.filter { $0.trackerID == id }.count
    }
    #expect(count("Поливать растения") == 10)
    #expect(count("Кошка заслонила камеру на созвоне") == 2)
    #expect(count("Бабушка прислала открытку в вотсапе") == 1)
    #expect(demo.trackers.allSatisfy { NameRules.validate($0.name, against: []).isSuccess })
  }

  @Test func demoIsBuiltRelativeToToday() {
    let november = DemoData(today: day("2026-11-30"))
    let march = DemoData(today: day("2027-03-15"))
    func wateringOffsets(_ demo: DemoData, _ today: String) -> [Int] {
      demo.records.filter { $0.trackerID == demo.trackers[0].id }.map { $0.day.days(to: day(today)) }.sorted()
    }
    #expect(wateringOffsets(november, "2026-11-30") == Array(1...10))
    #expect(wateringOffsets(march, "2027-03-15") == Array(1...10))
    #expect(march.records.allSatisfy { $0.day <= day("2027-03-15") })
    #expect(november.records.allSatisfy { $0.day <= day("2026-11-30") })
    #expect(november.trackers.map(\.id) == march.trackers.map(\.id))
    #expect(DemoData(today: day("2026-11-30")) == november)
  }

  /// Seven consecutive weekdays, a month end, a year end and 29 February.
  static let days =
    (0..<7).map { day("2026-11-30").adding(days: $0) } + [
      day("2026-12-31"), day("2027-01-01"), day("2028-02-29"), day("2027-02-28"),
    ]

  @Test(arguments: days)
  func demoLooksAliveOnEveryWeekday(today: Day) {
    let demo = DemoData(today: today)
    let statistics = Statistics(trackers: demo.trackers, records: demo.records, today: today)
    let doneToday = Set(demo.records.filter { $0.day == today }.map(\.trackerID))
    let dueHabits = demo.trackers.filter { $0.kind != .event && $0.isDue(on: today) }
    // Habits due today, one of them done, one still to do, and a streak with its flame.
    #expect(dueHabits.contains { doneToday.contains($0.id) }, "\(today.iso)")
    #expect(dueHabits.contains { !doneToday.contains($0.id) }, "\(today.iso)")
    #expect(statistics.trackers.filter { $0.currentStreak >= 1 }.count == 2, "\(today.iso)")
    // The same figures whatever the day, so a script may check them on any day.
    let monday = DemoData(today: day("2026-11-30"))
    #expect(
      statistics == Statistics(trackers: monday.trackers, records: monday.records, today: day("2026-11-30")),
      "\(today.iso)")
    #expect(
      statistics.completed == 20 && statistics.bestPeriod == 10 && statistics.averageToOneDecimal == 1.8)
  }

  @Test func onAMondayTheExerciseIsOnMondayWednesdayAndFriday() {
    let demo = DemoData(today: day("2026-11-30"), language: .english)
    let exercise = demo.trackers.first { $0.name == "Morning exercise" }
    let games = demo.trackers.first { $0.name == "Board games with friends" }
    #expect(exercise?.kind == .habit(Schedule(WeekdaySet([.monday, .wednesday, .friday]))!))
    #expect(games?.kind == .habit(Schedule(WeekdaySet([.saturday, .sunday]))!))
    let thursday = DemoData(today: day("2026-12-03"), language: .english)
    #expect(
      thursday.trackers.first { $0.name == "Morning exercise" }?.kind
        == .habit(Schedule(WeekdaySet([.thursday, .saturday, .monday]))!))
  }

  @Test func englishDemoHasTheSameShape() {
    let russian = DemoData(today: day("2026-11-30"), language: .russian)
    let english = DemoData(today: day("2026-11-30"), language: .english)
    #expect(english.trackers.map(\.id) == russian.trackers.map(\.id))
    #expect(english.records == russian.records)
    #expect(english.categories.map(\.title) == ["Home comfort", "Little joys"])
  }
}

extension Result {
  var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
