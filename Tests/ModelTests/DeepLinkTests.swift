import Foundation
import ModelTestSupport
import Testing
import TrackerModels

/// Links into the app (issue 48, "Deep links"): each place parses, a habit by id or by name, and
/// every malformed link is refused with its reason.
@Suite("Links into the app")
struct DeepLinkTests {
  @Test(arguments: [
    ("tracker://today", DeepLink.today),
    ("tracker://statistics", .statistics),
    ("tracker://new", .new),
    ("TRACKER://Today", .today),
    ("tracker://STATISTICS/", .statistics),
    ("tracker://habit/Run", .habit(.name("Run"))),
    ("tracker://habit/Morning%20run", .habit(.name("Morning run"))),
    ("tracker://habit/%D0%91%D0%B5%D0%B3", .habit(.name("Бег"))),
    ("tracker://habit/%20Run%20", .habit(.name("Run"))),
    (
      "tracker://habit/0D0A7C4E-9F00-4A5B-8E3A-7E5B7A1C2D3E",
      .habit(.id(UUID(uuidString: "0D0A7C4E-9F00-4A5B-8E3A-7E5B7A1C2D3E")!))
    ),
  ])
  func eachPlaceIsRead(text: String, link: DeepLink) throws {
    #expect(try DeepLink(text) == link)
  }

  @Test(arguments: [
    ("", DeepLinkError.notALink("")),
    ("just words", .notALink("just words")),
    ("https://example.com/today", .otherScheme("https")),
    ("tracker://nowhere", .unknownPlace("nowhere")),
    ("tracker:today", .unknownPlace("")),
    ("tracker://habit", .missingHabit),
    ("tracker://habit/", .missingHabit),
    ("tracker://habit/%20", .missingHabit),
    ("tracker://today/tomorrow", .extraParts("tracker://today/tomorrow")),
    ("tracker://habit/Run/again", .extraParts("tracker://habit/Run/again")),
    ("tracker://today?day=2026-12-06", .extraParts("tracker://today?day=2026-12-06")),
    ("tracker://statistics#top", .extraParts("tracker://statistics#top")),
  ])
  func aMalformedLinkIsRefusedWithItsReason(text: String, reason: DeepLinkError) {
    #expect(throws: reason) { try DeepLink(text) }
  }

  /// A habit's own link reads back as the habit, whatever its name holds (spaces, a slash, a
  /// question mark, a percent sign, Cyrillic, emoji): a sweep of names built from those pieces.
  @Test(arguments: 0..<200)
  func aHabitsLinkReadsBackAsTheHabit(seed: Int) throws {
    let pieces = ["Run", " ", "/", "?", "#", "%", "Бег", "🏃", "a&b", "+", "50%", "ё", "x"]
    var generator = SplitMix(seed: UInt64(seed))
    // A name of spaces alone is no name: another is drawn, so every seed checks a link.
    var name = ""
    while name.isEmpty {
      let count = Int.random(in: 1...5, using: &generator)
      name = NameRules.trimmed((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    let link = DeepLink.habit(.name(name))
    #expect(try DeepLink(link.text) == link, "\(link.text)")
    #expect(try DeepLink(link.url) == link)
    let id = DeepLink.habit(.id(UUID()))
    #expect(try DeepLink(id.text) == id)
  }

  @Test func aNameMatchesItsHabitCaseIgnored() {
    let tracker = Tracker(
      id: UUID(), name: "Morning Run", emoji: TrackerEmoji.all[0], color: TrackerColor.palette[0],
      categoryID: UUID(), createdOn: Day(year: 2026, month: 12, day: 1)!, kind: .event)
    #expect(DeepLink.HabitReference.name("morning run").matches(tracker))
    #expect(DeepLink.HabitReference.id(tracker.id).matches(tracker))
    #expect(!DeepLink.HabitReference.name("Morning").matches(tracker))
  }

  /// A link finds a kept name with an invisible character by the name it shows, as `done` does,
  /// when no other name looks the same (second attack of 2026-12-07: `show --url` did not).
  @Test func aLinkFindsAKeptLookAlikeByTheNameItShows() throws {
    let running = habit("Run\u{AD}ning", [.monday], id: 1)
    let reference = DeepLink.HabitReference.name("running")
    #expect(reference.find(in: [running])?.id == running.id)
    let other = habit("Run\u{200B}ning", [.monday], id: 2)
    #expect(reference.find(in: [running, other]) == nil)
    #expect(DeepLink.HabitReference.name("Walk").find(in: [running]) == nil)
    #expect(DeepLink.HabitReference.id(running.id).find(in: [other, running])?.id == running.id)
  }
}
