import ModelTestSupport
import Testing
import TrackerModels

@Suite("Visibility of a tracker on a date")
struct VisibilityTests {
  @Test func habitIsShownOnScheduledWeekdaysFromItsFirstDay() {
    let tracker = habit("Run", [.monday, .thursday], created: "2026-11-10")
    let first = tracker.firstDay(earliestRecord: nil)
    #expect(tracker.isVisible(on: day("2026-11-12"), firstDay: first))  // Thursday
    #expect(!tracker.isVisible(on: day("2026-11-11"), firstDay: first))  // Wednesday
    #expect(!tracker.isVisible(on: day("2026-11-09"), firstDay: first))  // Monday before creation
    #expect(tracker.isVisible(on: day("2027-03-01"), firstDay: first))  // a future Monday
  }

  @Test func anOldRecordMovesTheFirstDayEarlier() {
    let tracker = habit("Run", [.monday], created: "2026-11-10")
    let first = tracker.firstDay(earliestRecord: day("2026-11-02"))
    #expect(first == day("2026-11-02"))
    #expect(tracker.isVisible(on: day("2026-11-02"), firstDay: first))
    #expect(tracker.firstDay(earliestRecord: day("2026-11-20")) == day("2026-11-10"))
  }

  @Test func eventIsShownOnEveryDayFromItsFirstDay() {
    let tracker = event("Postcard", created: "2026-11-10")
    let first = tracker.firstDay(earliestRecord: nil)
    for offset in 0..<7 {
      #expect(tracker.isVisible(on: day("2026-11-10").adding(days: offset), firstDay: first))
    }
    #expect(!tracker.isVisible(on: day("2026-11-09"), firstDay: first))
  }

  @Test func aHabitCannotHaveAnEmptySchedule() {
    #expect(Schedule(WeekdaySet()) == nil)
    #expect(Schedule(.everyDay)?.days.days == Weekday.allCases)
  }

  @Test func paletteAndEmojiMatchTheDesign() {
    #expect(TrackerColor.palette.count == 18)
    #expect(TrackerColor.palette.first?.hex == "#FD4C49")
    #expect(TrackerColor.palette.last?.hex == "#2FD058")
    #expect(Set(TrackerColor.palette).count == 18)
    #expect(TrackerEmoji.all.count == 18)
    #expect(Set(TrackerEmoji.all).count == 18)
    #expect(TrackerEmoji.all[4].unicodeScalars.map(\.value) == [0x2764, 0xFE0F])
    #expect(TrackerEmoji.all[16].unicodeScalars.map(\.value) == [0x1F3DD, 0xFE0F])
    #expect(TrackerEmoji.all.allSatisfy { $0.count == 1 })
  }

  @Test func colorsParseFromHex() {
    #expect(TrackerColor(hex: "#fd4c49") == TrackerColor.palette[0])
    #expect(TrackerColor(hex: "#FD4C49")?.rgb == 0xFD4C49)
    #expect(TrackerColor(rgb: 0x007BFA).components == (0x00, 0x7B, 0xFA))
    for bad in ["FD4C49", "#FD4C4", "#FD4C49A", "#GD4C49", "", "#"] { #expect(TrackerColor(hex: bad) == nil) }
  }
}
