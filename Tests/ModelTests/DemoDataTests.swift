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
