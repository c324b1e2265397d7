import Foundation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// An alert that names a day writes it as every message does: the language's long date.
@Suite("Alert reasons name the day in full", .temporaryFolders)
struct AlertReasonDateTests {
  @Test func aRefusedDayIsNamedAsTheLanguageWritesADate() throws {
    let day = try #require(Day(year: 2026, month: 12, day: 5))
    #expect(
      StoreError.dayInFuture(day).reason(Localizer(.en))
        == "5 Dec 2026 has not come yet: a day is marked once it has come.")
    #expect(
      StoreError.dayInFuture(day).reason(Localizer(.ru))
        == "День 5 дек. 2026 ещё не наступил: отметить его можно, когда он придёт.")
    #expect(
      StoreError.dayOutOfRange(day).reason(Localizer(.en))
        == "5 Dec 2026 is outside the days the app keeps (1 Jan 1900 to 31 Dec 9999).")
    #expect(
      StoreError.notShown(trackerID: .init(), day: day).reason(Localizer(.ru))
        == "В день 5 дек. 2026 трекер не показывается: выходной берут только в его дни.")
  }
}
