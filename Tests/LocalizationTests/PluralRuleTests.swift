import LocalizationFiles
import Testing
import TrackerLocalization

@Suite("CLDR plural categories")
struct PluralRuleTests {
  @Test func englishHasOneAndOther() {
    #expect(Language.en.pluralCategory(of: 1) == .one)
    for count in [0, 2, 5, 11, 21, 101] { #expect(Language.en.pluralCategory(of: count) == .other) }
  }

  @Test func russianHasOneFewAndMany() {
    let expected: [Int: PluralCategory] = [
      0: .many, 1: .one, 2: .few, 3: .few, 4: .few, 5: .many, 11: .many, 12: .many, 14: .many,
      20: .many, 21: .one, 22: .few, 25: .many, 101: .one, 111: .many, 112: .many, 122: .few, 1_001: .one,
    ]
    for (count, category) in expected {
      #expect(Language.ru.pluralCategory(of: count) == category, "\(count)")
    }
  }

  @Test func visibleFractionsAreOther() {
    #expect(Language.ru.pluralCategory(of: 1.5, fractionDigits: 1) == .other)
    #expect(Language.en.pluralCategory(of: 1.5, fractionDigits: 1) == .other)
    #expect(Language.ru.pluralCategory(of: 2.0, fractionDigits: 1) == .few)
    #expect(Language.ru.pluralCategory(of: 2.04, fractionDigits: 1) == .few)
  }

  @Test func dayCounterTakesTheRightFormInBothLanguages() {
    let ru = Localizer(.ru)
    #expect(
      [0, 1, 2, 5, 11, 21, 22, 25, 101, 111].map { ru.plural(.days, count: $0) } == [
        "0 дней", "1 день", "2 дня", "5 дней", "11 дней", "21 день", "22 дня", "25 дней", "101 день",
        "111 дней",
      ])
    let en = Localizer(.en)
    #expect([0, 1, 2, 21].map { en.plural(.days, count: $0) } == ["0 days", "1 day", "2 days", "21 days"])
  }

  @Test func categoryDeletionSaysHowManyTrackersGoWithIt() {
    #expect(Localizer(.en).plural(.categoriesDeleteTrackers, count: 1) == "1 tracker will be deleted with it")
    #expect(
      Localizer(.en).plural(.categoriesDeleteTrackers, count: 3) == "3 trackers will be deleted with it")
    #expect(
      Localizer(.ru).plural(.categoriesDeleteTrackers, count: 1) == "Вместе с ней будет удален 1 трекер")
    #expect(
      Localizer(.ru).plural(.categoriesDeleteTrackers, count: 3) == "Вместе с ней будут удалены 3 трекера")
    #expect(
      Localizer(.ru).plural(.categoriesDeleteTrackers, count: 5) == "Вместе с ней будут удалены 5 трекеров")
  }
}
