import ModelTestSupport
import Testing
import TrackerModels

/// Amounts (docs/rules.md, "Measurable habits"): decimals ≥ 0 with up to three decimals, exact.
@Suite("Amounts")
struct AmountTests {
  @Test func anAmountReadsEitherDecimalSeparator() throws {
    #expect(try Amount(parsing: "12.5").thousandths == 12_500)
    #expect(try Amount(parsing: "12,5").thousandths == 12_500)
    #expect(try Amount(parsing: "0.125").thousandths == 125)
    #expect(try Amount(parsing: " 3 ").thousandths == 3_000)
    #expect(try Amount(parsing: ".5").thousandths == 500)
    #expect(try Amount(parsing: "5,").thousandths == 5_000)
    #expect(try Amount(parsing: "0").thousandths == 0)
    #expect(try Amount(parsing: "007.250").thousandths == 7_250)
    #expect(try Amount(parsing: "999999999.999") == .maximum)
  }

  @Test func anAmountRefusesMoreThanThreeDecimals() {
    #expect(throws: AmountParseError.tooManyDecimals(count: 4)) { try Amount(parsing: "1.0000") }
    #expect(throws: AmountParseError.tooManyDecimals(count: 5)) { try Amount(parsing: "0,12345") }
  }

  @Test func anAmountRefusesNegativesGarbageAndOverflowSayingWhy() {
    let refused: [(String, AmountParseError)] = [
      ("", .empty), ("   ", .empty), ("-1", .negative), ("-0,5", .negative), ("abc", .notANumber),
      ("1.2.3", .notANumber), ("1,000.5", .notANumber), ("1 000", .notANumber), ("1e3", .notANumber),
      ("+1", .notANumber), ("１", .notANumber), (".", .notANumber), ("-", .notANumber),
      ("1000000000", .tooLarge), ("99999999999999999999999999", .tooLarge),
    ]
    for (text, reason) in refused {
      #expect(throws: reason, "\(text)") { try Amount(parsing: text) }
    }
    #expect(Amount(thousandths: -1) == nil)
    #expect(Amount(units: Int.max) == nil)
  }

  @Test func anAmountIsWrittenWithoutTrailingZeros() {
    #expect(amount("12.500").description == "12.5")
    #expect(amount("3.000").description == "3")
    #expect(amount("0.05").description == "0.05")
    #expect(amount("0.001").description == "0.001")
    #expect(amount("1000").description == "1000")
    #expect(amount("12.5").written(decimalSeparator: ",") == "12,5")
    #expect(Amount.zero.written(decimalSeparator: ",") == "0")
  }

  @Test func aSumOfTenThousandAmountsIsExact() {
    let tenths = Array(repeating: amount("0.1"), count: 10_000)
    #expect(Amount.sum(tenths) == Amount(units: 1_000))
    let mixed = (0..<10_000).map { Amount(thousandths: $0 % 1_000)! }
    #expect(Amount.sum(mixed).thousandths == 10 * (0..<1_000).reduce(0, +))
    #expect(Amount.sum(Array(repeating: Amount.maximum, count: 10_000)).thousandths == 9_999_999_999_990_000)
  }

  @Test func aTargetIsMoreThanZero() {
    #expect(throws: MeasureError.targetNotPositive) {
      try MeasureGoal(unit: "km", target: .zero, direction: .atLeast)
    }
    #expect(throws: Never.self) { try MeasureGoal(unit: "km", target: amount("0.001"), direction: .atMost) }
  }

  /// Every amount written with either separator reads back as itself.
  @Test(arguments: [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 1_001, 12_500, 123_456, 999_999_999_999])
  func anAmountWrittenReadsBackAsItself(thousandths: Int) throws {
    let value = try #require(Amount(thousandths: thousandths))
    #expect(try Amount(parsing: value.description) == value)
    #expect(try Amount(parsing: value.written(decimalSeparator: ",")) == value)
    #expect(!value.description.hasSuffix("0") || !value.description.contains("."))
  }
}

/// The unit of a measurable tracker, and notes (docs/rules.md, "Measurable habits", "Notes").
@Suite("Units and notes")
struct UnitAndNoteTests {
  @Test func aUnitIsTrimmedAndOneToTwelveCharacters() {
    #expect(MeasureGoal.validatedUnit("  km ") == .success("km"))
    #expect(MeasureGoal.validatedUnit("стр.") == .success("стр."))
    #expect(MeasureGoal.validatedUnit(String(repeating: "👍🏽", count: 12)).isSuccess)
    #expect(MeasureGoal.validatedUnit(" \n ") == .failure(.emptyUnit))
    #expect(MeasureGoal.validatedUnit("kilometres!!!") == .failure(.unitTooLong(count: 13)))
    #expect(MeasureGoal.validatedUnit("k\u{202E}m") == .failure(.forbiddenCharacterInUnit("\u{202E}")))
    #expect(MeasureGoal.validatedUnit("k\tm") == .failure(.forbiddenCharacterInUnit("\t")))
  }

  @Test func aTrackerIsYesNoOnWeekdaysByDefault() throws {
    let run = habit("Run", weekdays)
    #expect(run.measure == .yesNo)
    #expect(run.quota == nil)
    #expect(event("Walk").quota == nil)
    #expect(
      try TrackerMeasure.measurable(unit: " min ", target: amount("30"), direction: .atLeast).goal?.unit
        == "min")
  }

  @Test func aNoteIsOneToFiveHundredCharactersAndMayBreakLines() {
    #expect(TrackerNote.validatedText("  ran in the rain \n") == .success("ran in the rain"))
    #expect(TrackerNote.validatedText("sick\r\nstayed in\rslept") == .success("sick\nstayed in\nslept"))
    #expect(TrackerNote.validatedText(String(repeating: "é", count: 500)).isSuccess)
    #expect(TrackerNote.validatedText(String(repeating: "é", count: 501)) == .failure(.tooLong(count: 501)))
    #expect(TrackerNote.validatedText(" \n\t ") == .failure(.empty))
    #expect(TrackerNote.validatedText("a\tb") == .failure(.forbiddenCharacter("\t")))
    #expect(TrackerNote.validatedText("a\u{2066}b") == .failure(.forbiddenCharacter("\u{2066}")))
  }

  /// The archive's fast reading (`Amount(plainUTF8:)`, straight from the bytes) gives what
  /// `Amount(parsing:)` gives, over random texts of digits, separators, signs, spaces and letters:
  /// an amount only where parsing gives the same one, and one for every plain decimal that parses.
  @Test func thePlainBytesReadingAgreesWithParsingOverRandomTexts() {
    var random = SeededGenerator(seed: 32)
    let pieces = ["0", "1", "5", "9", "0", "7", ".", ".", ",", "-", "+", " ", "a", "е", "١", "000", "999999"]
    var plainCount = 0
    for _ in 0..<20_000 {
      let text = (0..<Int.random(in: 0...9, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? ""
      }
      .joined()
      var bytes = Array(text.utf8)
      let plain = bytes.withUnsafeMutableBufferPointer { Amount(plainUTF8: UnsafeBufferPointer($0)) }
      let parsed = try? Amount(parsing: text)
      if let plain {
        plainCount += 1
        #expect(plain == parsed, "\(text)")
      } else if text.utf8.allSatisfy({
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".")
      }) {
        #expect(parsed == nil, "\(text)")
      }
    }
    #expect(plainCount > 1_000)
    for text in ["12.5", "0.001", "007.250", "999999999.999", "5.", ".5", "3"] {
      var bytes = Array(text.utf8)
      let plain = bytes.withUnsafeMutableBufferPointer { Amount(plainUTF8: UnsafeBufferPointer($0)) }
      #expect(plain != nil && plain == (try? Amount(parsing: text)), "\(text)")
    }
    for text in ["1,5", " 3", "-1", "", ".", "1.0000", "1000000000", "+1"] {
      var bytes = Array(text.utf8)
      #expect(
        bytes.withUnsafeMutableBufferPointer { Amount(plainUTF8: UnsafeBufferPointer($0)) } == nil, "\(text)")
    }
  }
}
