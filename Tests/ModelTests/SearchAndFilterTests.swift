import Testing
import TrackerModels

@Suite("Search and filters")
struct SearchAndFilterTests {
  @Test func searchFindsSubstringsIgnoringCase() {
    #expect(SearchQuery("раст").matches("Поливать растения"))
    #expect(SearchQuery("ПОЛИВ").matches("Поливать растения"))
    #expect(SearchQuery("water").matches("Water the plants"))
    #expect(!SearchQuery("кот").matches("Поливать растения"))
  }

  @Test func searchTreatsYoAsYe() {
    #expect(SearchQuery("елку").matches("Нарядить ёлку"))
    #expect(SearchQuery("ёлк").matches("Нарядить елку"))
    #expect(SearchQuery("ЁЛКА").matches("ёлка"))
  }

  @Test func searchIgnoresDiacritics() {
    #expect(SearchQuery("cafe").matches("Café"))
    #expect(SearchQuery("café").matches("CAFE"))
  }

  @Test func searchKeepsShortIDistinctFromI() {
    #expect(!SearchQuery("мои").matches("мой"))
    #expect(SearchQuery("мой").matches("Мой день"))
  }

  @Test func emptyOrBlankSearchMatchesEverything() {
    #expect(SearchQuery("").isEmpty)
    #expect(SearchQuery("   ").matches("Anything"))
  }

  @Test func filtersSelectByCompletion() {
    #expect(TrackerFilter.all.includes(isCompleted: true) && TrackerFilter.all.includes(isCompleted: false))
    #expect(
      TrackerFilter.today.includes(isCompleted: true) && TrackerFilter.today.includes(isCompleted: false))
    #expect(
      TrackerFilter.completed.includes(isCompleted: true)
        && !TrackerFilter.completed.includes(isCompleted: false))
    #expect(
      !TrackerFilter.notCompleted.includes(isCompleted: true)
        && TrackerFilter.notCompleted.includes(isCompleted: false))
  }

  @Test func trackersForTodayReturnsToAllAfterADateChangeAndTheOthersStay() {
    #expect(TrackerFilter.today.afterDateChange == .all)
    #expect(TrackerFilter.completed.afterDateChange == .completed)
    #expect(TrackerFilter.notCompleted.afterDateChange == .notCompleted)
    #expect(TrackerFilter.all.afterDateChange == .all)
  }
}

@Suite("Search folding")
struct SearchFoldingTests {
  /// The folding a character at a time, as it was first written: the reference.
  static func foldedOneByOne(_ text: String) -> String {
    var result = ""
    for character in text.lowercased() {
      if character == "й" {
        result.append(character)
      } else {
        result += String(character).folding(options: .diacriticInsensitive, locale: nil)
      }
    }
    return result
  }

  @Test(arguments: [
    "", "й", "ЙОГА", "Мой день", "мои", "Нарядить ёлку", "Café crème", "naïve Zoë",
    "Привычка номер 17 с длинным именем",
    "и\u{0306}од decomposed", "🏓 Morning exercise", "Ǆemal ǅ", "ﬁnal ﬂow", "Ångström — Ö", "ймйй",
    "  spaced  ",
  ])
  func foldingAStretchAtATimeGivesWhatACharacterAtATimeGives(text: String) {
    #expect(SearchQuery(text).folded == Self.foldedOneByOne(NameRules.trimmed(text)))
  }
}
