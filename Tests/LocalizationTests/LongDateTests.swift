import Testing
import TrackerLocalization

/// The long date every command-line message writes, and the reading back of it that the date
/// options do.
@Suite("Long dates")
struct LongDateTests {
  @Test func aLongDateIsTheDayTheShortMonthAndTheYear() {
    #expect(Localizer(.en).longDate(year: 2026, month: 12, day: 1) == "1 Dec 2026")
    #expect(Localizer(.ru).longDate(year: 2026, month: 12, day: 1) == "1 дек. 2026")
    #expect(Localizer(.ru).longDate(year: 2027, month: 5, day: 9) == "9 мая 2027")
  }

  @Test(arguments: Language.allCases)
  func everyLongDateReadsBackInItsLanguage(language: Language) {
    let localizer = Localizer(language)
    for month in 1...12 {
      let text = localizer.longDate(year: 2026, month: month, day: 28)
      let parts = localizer.longDateParts(text)
      #expect(parts?.year == 2026 && parts?.month == month && parts?.day == 28, "\(text)")
    }
  }

  @Test func readingIgnoresCaseAndTheWidthOfSpacesButNothingElse() {
    #expect(
      Localizer(.en).longDateParts("01  DEC 2026").map { [$0.year, $0.month, $0.day] } == [2026, 12, 1])
    #expect(
      Localizer(.ru).longDateParts("1\u{00A0}Дек. 2026").map { [$0.year, $0.month, $0.day] } == [2026, 12, 1])
    for text in [
      "1 December 2026", "Dec 1 2026", "1 Dec 26", "1 Dec", "1 дек 2026", "100 Dec 2026", "1 Dec 2026 x",
    ] {
      #expect(
        Localizer(.en).longDateParts(text) == nil && Localizer(.ru).longDateParts(text) == nil, "\(text)")
    }
    #expect(Localizer(.en).longDateParts("1 дек. 2026") == nil)
  }
}
