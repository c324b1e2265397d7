import Foundation
import ModelTestSupport
import Testing
import TrackerModels

@Suite("Day: a calendar day, not an instant")
struct DayTests {
  @Test func parsesAndFormatsISODays() throws {
    let parsed = try Day(iso: "2026-11-30")
    #expect(parsed.components == (2026, 11, 30))
    #expect(parsed.iso == "2026-11-30")
    #expect(try Day(iso: "0001-01-01").iso == "0001-01-01")
    #expect(try Day(iso: "1969-12-31").daysSinceEpoch == -1)
    #expect(try Day(iso: "1970-01-01").daysSinceEpoch == 0)
  }

  @Test func rejectsDaysThatDoNotExist() {
    #expect(throws: DayParseError.noSuchDay("2026-02-30")) { try Day(iso: "2026-02-30") }
    #expect(throws: DayParseError.noSuchDay("2026-04-31")) { try Day(iso: "2026-04-31") }
    #expect(throws: DayParseError.noSuchDay("2026-13-01")) { try Day(iso: "2026-13-01") }
    #expect(throws: DayParseError.noSuchDay("2026-00-10")) { try Day(iso: "2026-00-10") }
    #expect(throws: DayParseError.noSuchDay("2027-02-29")) { try Day(iso: "2027-02-29") }
    #expect(throws: DayParseError.noSuchDay("2100-02-29")) { try Day(iso: "2100-02-29") }
  }

  @Test func rejectsTextsNotShapedLikeISODays() {
    for text in [
      "", "2026-1-30", "2026/11/30", "26-11-30", "2026-11-30T00:00", " 2026-11-30", "２０２６-11-30",
      "abcd-ef-gh",
    ] {
      #expect(throws: DayParseError.notISODate(text)) { try Day(iso: text) }
    }
  }

  @Test func acceptsLeapDays() throws {
    #expect(try Day(iso: "2028-02-29").adding(days: 1).iso == "2028-03-01")
    #expect(try Day(iso: "2000-02-29").weekday == .tuesday)
    #expect(try Day(iso: "2028-02-28").adding(days: 1).iso == "2028-02-29")
    #expect(try Day(iso: "2028-02-29").weekday == .tuesday)
  }

  @Test func addingDaysCrossesMonthAndYearEnds() {
    #expect(day("2026-11-30").adding(days: 1).iso == "2026-12-01")
    #expect(day("2026-12-31").adding(days: 1).iso == "2027-01-01")
    #expect(day("2027-01-01").adding(days: -1).iso == "2026-12-31")
    #expect(day("2026-03-01").adding(days: -1).iso == "2026-02-28")
    #expect(day("2026-01-31").adding(days: 365).iso == "2027-01-31")
  }

  @Test func distanceIsInDays() {
    #expect(day("2026-11-01").days(to: day("2026-11-30")) == 29)
    #expect(day("2026-11-30").days(to: day("2026-11-01")) == -29)
    #expect(day("2028-01-01").days(to: day("2029-01-01")) == 366)
    #expect(day("2026-01-01").days(to: day("2027-01-01")) == 365)
  }

  @Test func weekdaysAreISOMondayFirst() {
    #expect(day("2026-11-30").weekday == .monday)
    #expect(day("2026-11-29").weekday == .sunday)
    #expect(day("1970-01-01").weekday == .thursday)
    #expect(day("1969-12-29").weekday == .monday)
    #expect(Weekday.allCases.first == .monday)
    #expect(Weekday.sunday.rawValue == 7)
    #expect(Weekday(code: "wed") == .wednesday)
    #expect(Weekday(code: "Wed") == nil)
  }

  @Test func monthArithmetic() {
    #expect(day("2026-11-30").firstOfMonth.iso == "2026-11-01")
    #expect(day("2026-11-30").firstOfMonth(addingMonths: 2).iso == "2027-01-01")
    #expect(day("2026-01-15").firstOfMonth(addingMonths: -1).iso == "2025-12-01")
    #expect(day("2026-01-15").firstOfMonth(addingMonths: -13).iso == "2024-12-01")
    #expect(day("2028-02-10").daysInMonth == 29)
    #expect(day("2026-02-10").daysInMonth == 28)
  }

  @Test func aDateFallsOnTheDayOfItsTimeZone() throws {
    // 2026-11-30 10:30 UTC.
    let instant = Date(timeIntervalSince1970: 1_796_034_600)
    #expect(Day(instant, in: try #require(TimeZone(identifier: "UTC"))).iso == "2026-11-30")
    // UTC+14 is already on the next day; UTC−11 is still on the previous one.
    #expect(Day(instant, in: try #require(TimeZone(identifier: "Pacific/Kiritimati"))).iso == "2026-12-01")
    #expect(Day(instant, in: try #require(TimeZone(identifier: "Pacific/Pago_Pago"))).iso == "2026-11-29")
  }

  @Test func daylightSavingChangesDoNotShiftDays() throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    // 2026-03-29 01:59:59 CET, one second before clocks jump to 03:00 CEST, and 03:00 after.
    let beforeSpring = Date(timeIntervalSince1970: 1_774_745_999)
    #expect(Day(beforeSpring, in: berlin).iso == "2026-03-29")
    #expect(Day(beforeSpring.addingTimeInterval(1), in: berlin).iso == "2026-03-29")
    // 23:30 CEST on 2026-10-24 (the night before the fall change) is still the 24th.
    #expect(Day(Date(timeIntervalSince1970: 1_792_877_400), in: berlin).iso == "2026-10-24")
    // The 25th is 25 hours long: its last second is still the 25th.
    let startOf26 = day("2026-10-26").start(in: berlin)
    #expect(Day(startOf26.addingTimeInterval(-1), in: berlin).iso == "2026-10-25")
    #expect(startOf26.timeIntervalSince(day("2026-10-25").start(in: berlin)) == 25 * 3600)

    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    // 2026-03-08: 23 hours long in New York; both ends fall on the right days.
    let march8 = day("2026-03-08").start(in: newYork)
    let march9 = day("2026-03-09").start(in: newYork)
    #expect(march9.timeIntervalSince(march8) == 23 * 3600)
    #expect(Day(march9.addingTimeInterval(-1), in: newYork).iso == "2026-03-08")
    #expect(Day(march9, in: newYork).iso == "2026-03-09")
    // Adding a day is never "adding 24 hours".
    #expect(day("2026-03-08").adding(days: 1).iso == "2026-03-09")
  }
}
