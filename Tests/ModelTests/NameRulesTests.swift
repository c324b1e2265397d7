import ModelTestSupport
import Testing
import TrackerModels

@Suite("Names of trackers and titles of categories")
struct NameRulesTests {
  @Test func trimsSurroundingWhiteSpace() {
    #expect(NameRules.validate("  Поливать растения \n", against: []) == .success("Поливать растения"))
    #expect(NameRules.validate("\u{3000}Read\u{00A0}", against: []) == .success("Read"))
  }

  @Test func refusesEmptyAndBlankNames() {
    #expect(NameRules.validate("", against: []) == .failure(.empty))
    #expect(NameRules.validate("   \t ", against: []) == .failure(.empty))
  }

  @Test func allowsThirtyEightCharactersAndRefusesThirtyNine() {
    let limit = String(repeating: "я", count: 38)
    #expect(NameRules.validate(limit, against: []) == .success(limit))
    #expect(NameRules.validate(limit + "я", against: []) == .failure(.tooLong(count: 39)))
  }

  @Test func countsUserPerceivedCharactersNotScalars() {
    // 38 family emoji (each seven scalars joined by ZWJ) and 38 flags are 38 characters.
    let families = String(repeating: "👨‍👩‍👧‍👦", count: 38)
    #expect(NameRules.validate(families, against: []) == .success(families))
    let flags = String(repeating: "🇷🇺", count: 38)
    #expect(NameRules.validate(flags, against: []) == .success(flags))
    // "й" written as и + combining breve is one character.
    let decomposed = String(repeating: "и\u{0306}", count: 38)
    #expect(NameRules.validate(decomposed, against: []) == .success(decomposed))
    #expect(NameRules.validate(families + "👍🏽", against: []) == .failure(.tooLong(count: 39)))
  }

  @Test func refusesControlCharacters() {
    #expect(NameRules.validate("Read\u{1B}[31m", against: []) == .failure(.forbiddenCharacter("\u{1B}")))
    #expect(NameRules.validate("Re\nad", against: []) == .failure(.forbiddenCharacter("\n")))
    #expect(NameRules.validate("Re\u{7F}ad", against: []) == .failure(.forbiddenCharacter("\u{7F}")))
    #expect(NameRules.validate("Re\u{85}ad", against: []) == .failure(.forbiddenCharacter("\u{85}")))
  }

  @Test func refusesBidirectionalOverridesAndIsolates() {
    for value: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
      let scalar = Unicode.Scalar(value)!
      #expect(NameRules.validate("a\(scalar)b", against: []) == .failure(.forbiddenCharacter(scalar)))
    }
    // Right-to-left text itself is fine.
    #expect(NameRules.validate("שלום", against: []) == .success("שלום"))
  }

  @Test func refusesDuplicatesIgnoringCase() {
    let existing = ["Поливать растения", "Read"]
    #expect(
      NameRules.validate("поливать РАСТЕНИЯ", against: existing)
        == .failure(.duplicate(existing: "Поливать растения")))
    #expect(NameRules.validate(" read ", against: existing) == .failure(.duplicate(existing: "Read")))
    #expect(NameRules.validate("Reading", against: existing) == .success("Reading"))
  }

  // Invisible names (attack walkthrough of 2026-12-07): typed names only.

  @Test(arguments: [
    ("\u{200B}", 0x200B), ("Ho\u{200B}me", 0x200B), ("\u{FEFF}Read", 0xFEFF), ("Re\u{00AD}ad", 0x00AD),
    ("Run\u{2060}", 0x2060), ("\u{200E}Run", 0x200E), ("\u{3164}", 0x3164),
  ])
  func aTypedNameWithAnInvisibleCharacterIsRefusedNamingIt(name: String, code: UInt32) {
    #expect(
      NameRules.validateTyped(name, against: ["Home"]) == .failure(.forbiddenCharacter(Unicode.Scalar(code)!))
    )
  }

  /// What the first rule's list missed (attack of 2026-12-07): every default ignorable and format
  /// character is refused, from the Unicode properties; a Mongolian free variation selector is a
  /// selector (kept inside a word, ignored when names are compared); a selector alone is empty.
  @Test func invisibleCharactersAreReadFromUnicodeNotAList() {
    for code: UInt32 in [0x1BCA0, 0x1BCA3, 0xFFF9, 0xFFFA, 0xFFFB, 0x13430, 0x2065] {
      #expect(
        NameRules.validateTyped("Km" + String(Unicode.Scalar(code)!), against: [])
          == .failure(.forbiddenCharacter(Unicode.Scalar(code)!)), "U+\(String(code, radix: 16))")
    }
    #expect(NameRules.validateTyped("Km\u{180B}", against: ["Km"]) == .failure(.duplicate(existing: "Km")))
    #expect(NameRules.validateTyped("Km\u{180F}", against: ["Km"]) == .failure(.duplicate(existing: "Km")))
    #expect(NameRules.validateTyped("ᠠ\u{180B}ᠨ", against: []) == .success("ᠠ\u{180B}ᠨ"))
    #expect(NameRules.validateTyped("\u{FE0F}", against: []) == .failure(.empty))
    #expect(NameRules.validateTyped("\u{0600}12", against: []) == .success("\u{0600}12"))
    #expect(MeasureGoal.validatedTypedUnit("km\u{FFF9}") == .failure(.forbiddenCharacterInUnit("\u{FFF9}")))
    #expect(MeasureGoal.validatedTypedUnit("\u{FE0F}") == .failure(.emptyUnit))
  }

  /// The second attack of 2026-12-07: the black flag is not Scotland's (a flag's tags are drawn),
  /// and a space after a prepended sign is trimmed like any other.
  @Test func aFlagsTagsCountAndAPrependedSignsSpaceIsTrimmed() {
    let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
    #expect(NameRules.validateTyped("\u{1F3F4}", against: [scotland]) == .success("\u{1F3F4}"))
    #expect(NameRules.validateTyped(scotland, against: ["\u{1F3F4}"]) == .success(scotland))
    #expect(
      NameRules.validateTyped(scotland, against: [scotland]) == .failure(.duplicate(existing: scotland)))
    #expect(NameRules.trimmed("\u{0600} ") == "\u{0600}")
    #expect(NameRules.trimmed(" \u{0600}\u{00A0}") == "\u{0600}")
    #expect(
      NameRules.validateTyped("\u{0600} ", against: ["\u{0600}"])
        == .failure(.duplicate(existing: "\u{0600}")))
    #expect(NameRules.trimmed(" Run \n") == "Run")
  }

  /// What a message escapes so that two values never look the same: invisible characters, and
  /// joiners and selectors that join or select no emoji.
  @Test func whatDrawsNothingIsTheInvisibleAndTheJoinersOutsideAnEmoji() {
    #expect(NameRules.drawsNothing("\u{200B}", after: "m"))
    #expect(NameRules.drawsNothing("\u{200D}", after: "m"))
    #expect(NameRules.drawsNothing("\u{FE0F}", after: "m"))
    #expect(!NameRules.drawsNothing("\u{FE0F}", after: "\u{2764}"))
    #expect(!NameRules.drawsNothing("\u{200D}", after: "\u{1F468}"))
    #expect(!NameRules.drawsNothing("\u{E0067}", after: "\u{1F3F4}"))
    #expect(!NameRules.drawsNothing("m", after: nil))
  }

  @Test func aTypedNameOfJoinersAndSelectorsAloneIsEmpty() {
    #expect(NameRules.validateTyped("\u{200D}", against: []) == .failure(.empty))
    #expect(NameRules.validateTyped(" \u{FE0F}\u{200C} ", against: []) == .failure(.empty))
  }

  /// Emoji and scripts written with joiners and variation selectors are names like any other.
  @Test func joinersAndVariationSelectorsInAVisibleNameAreKept() {
    for name in ["👨‍👩‍👧 Family", "❤️ Love", "می‌خواهم", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Run", "葛\u{E0100}城", "Café", "Cafe\u{0301}s"] {
      #expect(NameRules.validateTyped(name, against: []) == .success(name))
    }
  }

  /// What was kept before the rule (a store, a backup, another device) still passes the check of
  /// kept names, and an edited item's stored name passes while left unchanged; changed, it is
  /// held to the typed rule.
  @Test func aNameKeptFromBeforeStillPassesUntilTheUserChangesIt() {
    let kept = "Ho\u{200B}me"
    #expect(NameRules.validate(kept, against: ["Home"]) == .success(kept))
    #expect(NameRules.validateTyped(kept, against: ["Home"], original: kept) == .success(kept))
    #expect(
      NameRules.validateTyped(kept + "s", against: ["Home"], original: kept)
        == .failure(.forbiddenCharacter("\u{200B}")))
    #expect(NameRules.validateTyped("Homes", against: ["Home"], original: kept) == .success("Homes"))
  }

  /// A measure's unit typed in the form or given to `add` is held to the typed rule too: no
  /// invisible character, nothing of joiners alone; a unit kept from before still passes, and an
  /// edited tracker's stored unit passes while left unchanged.
  @Test func aTypedUnitIsHeldToTheTypedRuleAndAKeptOneIsNot() {
    #expect(MeasureGoal.validatedTypedUnit("km\u{200B}") == .failure(.forbiddenCharacterInUnit("\u{200B}")))
    #expect(MeasureGoal.validatedTypedUnit("\u{00AD}стр.") == .failure(.forbiddenCharacterInUnit("\u{00AD}")))
    #expect(MeasureGoal.validatedTypedUnit("\u{200D}\u{FE0F}") == .failure(.emptyUnit))
    #expect(MeasureGoal.validatedTypedUnit(" 🏃‍♀️ km ") == .success("🏃‍♀️ km"))
    #expect(MeasureGoal.validatedTypedUnit("km\u{202E}") == .failure(.forbiddenCharacterInUnit("\u{202E}")))
    let kept = "k\u{200B}m"
    #expect(MeasureGoal.validatedUnit(kept) == .success(kept))
    #expect(MeasureGoal.validatedTypedUnit(kept, original: kept) == .success(kept))
    #expect(
      MeasureGoal.validatedTypedUnit(kept + "s", original: kept)
        == .failure(.forbiddenCharacterInUnit("\u{200B}")))
    #expect(MeasureGoal.validatedTypedUnit("kms", original: kept) == .success("kms"))
  }

  /// The typed rule adds to the kept one: whatever the kept check refuses, the typed check
  /// refuses too, for a sweep of names made of letters, spaces, controls, overrides and
  /// invisible characters (a fixed seed: the same names every run).
  @Test(arguments: 0..<UInt64(4))
  func theTypedRuleRefusesEverythingTheKeptRuleRefuses(seed: UInt64) {
    let parts = ["a", "Б", " ", "\u{200B}", "\u{202E}", "\u{0007}", "\u{200D}", "HOME", "🙂"]
    var random = SplitMix(seed: seed)
    for _ in 0..<500 {
      let name = (0..<Int.random(in: 0...5, using: &random)).map { _ in parts.randomElement(using: &random)! }
        .joined()
      if case .failure = NameRules.validate(name, against: ["home"]) {
        #expect(
          {
            if case .failure = NameRules.validateTyped(name, against: ["home"]) { return true }
            return false
          }(), "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
      }
    }
  }

  /// Attack of 2026-12-07, second round: separators that break a name across lines, the Braille
  /// blank, tags outside a flag, a combining mark with no letter before it and noncharacters are
  /// refused too.
  @Test(arguments: [
    ("Ru\u{2028}n", 0x2028), ("Ru\u{2029}n", 0x2029), ("\u{2800}", 0x2800), ("Ru\u{E0020}n", 0xE0020),
    ("\u{0301}", 0x0301), ("\u{0301}Run", 0x0301),
  ])
  func moreCharactersThatDrawNothingAreRefused(name: String, code: UInt32) {
    #expect(
      NameRules.validateTyped(name, against: []) == .failure(.forbiddenCharacter(Unicode.Scalar(code)!)))
  }

  /// A typed name differs from the others as they look: a joiner or a selector after "Base" is
  /// still "Base", and "Run" is taken by a kept "Ru\u{200B}n".
  @Test func aTypedNameThatLooksLikeAnotherIsADuplicate() {
    #expect(
      NameRules.validateTyped("Base\u{200D}", against: ["Base"]) == .failure(.duplicate(existing: "Base")))
    #expect(
      NameRules.validateTyped("BASE\u{FE0F}", against: ["Base"]) == .failure(.duplicate(existing: "Base")))
    #expect(
      NameRules.validateTyped("Run", against: ["Ru\u{200B}n"])
        == .failure(.duplicate(existing: "Ru\u{200B}n")))
    #expect(NameRules.validateTyped("Ru n", against: ["Run"]) == .success("Ru n"))
    #expect(NameRules.visibleKey("He\u{00AD}alth") == NameRules.visibleKey("health"))
  }

  /// Noncharacters are never text; a code point this toolchain has not assigned may be a new
  /// emoji, and is left alone.
  @Test(arguments: [0xFFFE, 0xFDD0, 0x10FFFF] as [UInt32])
  func aNoncharacterIsRefused(code: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(code))
    var name = "Run"
    name.unicodeScalars.append(scalar)
    #expect(NameRules.validateTyped(name, against: []) == .failure(.forbiddenCharacter(scalar)))
  }

  @Test func aCodePointNotYetAssignedIsLeftAlone() throws {
    var name = "Run "
    name.unicodeScalars.append(try #require(Unicode.Scalar(0x1FAFF)))
    #expect(NameRules.validateTyped(name, against: []) == .success(name))
  }
}
