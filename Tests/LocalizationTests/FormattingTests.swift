import Testing
import TrackerLocalization

@Suite("Numbers, dates and language choice")
struct FormattingTests {
  @Test func decimalsUseTheLanguagesSeparatorAndOneDigit() {
    #expect(Localizer(.ru).decimal(1.5) == "1,5")
    #expect(Localizer(.en).decimal(1.5) == "1.5")
    #expect(Localizer(.ru).decimal(4.0 / 3.0) == "1,3")
    #expect(Localizer(.en).decimal(1.75) == "1.8")
    #expect(Localizer(.en).decimal(2.0) == "2")
    #expect(Localizer(.en).decimal(0) == "0")
    #expect(Localizer(.en).decimal(0.04) == "0")
  }

  @Test func integersGroupThousands() {
    #expect(Localizer(.en).integer(730_000) == "730,000")
    #expect(Localizer(.ru).integer(730_000) == "730\u{00A0}000")
    #expect(Localizer(.en).integer(999) == "999")
    #expect(Localizer(.en).integer(-1_234) == "-1,234")
    #expect(Localizer(.en).decimal(1234.5) == "1,234.5")
  }

  /// The main screen's date button writes dates as messages do (issue 49).
  @Test func mainScreenDate() {
    #expect(Localizer(.ru).dayAndMonth(day: 30, month: 11) == "30 нояб.")
    #expect(Localizer(.en).dayAndMonth(day: 30, month: 11) == "30 Nov")
    #expect(Localizer(.ru).longDate(year: 2027, month: 1, day: 5) == "5 янв. 2027")
  }

  @Test func calendarHeaderUsesTheNominativeMonth() {
    #expect(Localizer(.ru).monthHeader(year: 2026, month: 11) == "Ноябрь 2026")
    #expect(Localizer(.en).monthHeader(year: 2026, month: 11) == "November 2026")
    #expect(Localizer(.ru).monthHeader(year: 2027, month: 5) == "Май 2027")
  }

  @Test func weekdayNamesMondayFirst() {
    #expect((1...7).map(Localizer(.ru).weekdayShortName(iso:)) == ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"])
    #expect(
      (1...7).map(Localizer(.en).weekdayShortName(iso:)) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
    #expect(Localizer(.ru).weekdayName(iso: 1) == "Понедельник")
    #expect(Localizer(.en).weekdayName(iso: 7) == "Sunday")
  }

  @Test func languageComesFromTheLocaleVariables() {
    #expect(Language.preferred(environment: ["LANG": "ru_RU.UTF-8"]) == .ru)
    #expect(Language.preferred(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"]) == .en)
    #expect(Language.preferred(environment: ["LC_MESSAGES": "ru", "LANG": "en_GB"]) == .ru)
    #expect(Language.preferred(environment: ["LC_ALL": "", "LANG": "ru_RU"]) == .ru)
    #expect(Language.preferred(environment: ["LANG": "de_DE.UTF-8"]) == .en)
    #expect(Language.preferred(environment: ["LANG": "C"]) == .en)
    #expect(Language.preferred(environment: [:]) == .en)
  }

  @Test func russianTextsMatchTheDesign() {
    let ru = Localizer(.ru)
    #expect(ru.text(.onboardingStart) == "Вот это технологии!")
    #expect(ru.text(.trackersPlaceholderEmpty) == "Что будем отслеживать?")
    #expect(ru.text(.statisticsCompleted) == "Трекеров завершено")
    #expect(ru.text(.filtersNotCompleted) == "Не завершенные")
    #expect(ru.text(.formErrorTooLong) == "Ограничение 38 символов")
    #expect(Localizer(.en).text(.formErrorTooLong) == "38 character limit")
  }
}
