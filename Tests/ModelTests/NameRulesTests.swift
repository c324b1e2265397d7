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
}
