import Foundation
import Testing

@testable import TrackerTextRenderer

@Suite("Terminal width")
struct TerminalWidthTests {
  /// Every fully-qualified sequence of emoji-test.txt (committed as a fixture by the generator).
  static let emoji: [String] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/emoji-fully-qualified.txt")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      String(
        String.UnicodeScalarView(
          line.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
    }
  }()

  @Test func everyFullyQualifiedEmojiIsTwoColumns() {
    #expect(Self.emoji.count > 3_600)
    let wrong = Self.emoji.filter { TerminalWidth.of($0) != 2 }
    #expect(
      wrong.isEmpty, "\(wrong.prefix(10).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
  }

  @Test func thePickersEmojiAreTwoColumns() {
    for emoji in ["🙂", "😻", "🌺", "🐶", "❤️", "😱", "😇", "😡", "🥶", "🤔", "🙌", "🍔", "🥦", "🏓", "🥇", "🎸", "🏝️", "😪"] {
      #expect(TerminalWidth.of(emoji) == 2, "\(emoji)")
    }
    // Without U+FE0F the heart and the island are text-style: one column.
    #expect(TerminalWidth.of("\u{2764}") == 1)
    #expect(TerminalWidth.of("\u{1F3DD}") == 1)
  }

  @Test func scriptsTakeTheirColumns() {
    #expect(TerminalWidth.of("Поливать растения") == 17)
    #expect(TerminalWidth.of("Ёлка") == 4)
    #expect(TerminalWidth.of("漢字かなカナ") == 12)
    #expect(TerminalWidth.of("한국어") == 6)
    #expect(TerminalWidth.of("ＡＢ") == 4)
    #expect(TerminalWidth.of("שלום") == 4)
    #expect(TerminalWidth.of("مرحبا") == 5)
  }

  @Test func combiningMarksTakeNoColumn() {
    #expect(TerminalWidth.of("e\u{301}") == 1)
    #expect(TerminalWidth.of("и\u{306}") == 1)
    #expect(TerminalWidth.of("a\u{20DD}") == 1)
    #expect(TerminalWidth.of("\u{301}") == 0)
    #expect(TerminalWidth.of("\u{200B}") == 0)
    #expect(TerminalWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)  // a Hangul syllable from jamo
  }

  /// The fast path's table, built range by range, says of every scalar of the plane what the
  /// cluster rule says of it alone, and leaves to the rule every scalar that joins the one before
  /// it (a spacing mark after a Devanagari letter is one cluster with it) or the one after it.
  @Test func theFastTableAgreesWithTheClusterRuleOnEveryScalarOfThePlane() {
    var disagreements: [String] = []
    for value in UInt32(0)..<0x10000 {
      guard let scalar = Unicode.Scalar(value) else {
        #expect(TerminalWidth.simpleWidth(of: Unicode.Scalar(0xFFFD)!) == 1)
        continue
      }
      // The tables are of Unicode 15.0; the standard library may know scalars assigned since.
      if let age = scalar.properties.age, age.major > 15 || (age.major == 15 && age.minor > 0) { continue }
      let joins = "क\(scalar)".count == 1 || "a\(scalar)".count == 1 || "\(scalar)a".count == 1
      let isControl = value < 0x20 || (0x7F..<0xA0).contains(value)
      if let width = TerminalWidth.simpleWidth(of: scalar) {
        if joins || isControl || TerminalWidth.of(Character(scalar)) != width {
          disagreements.append(String(value, radix: 16))
        }
      } else if !joins && !isControl && !(0x1100...0x11FF).contains(value)
        && !(0xA960...0xA97F).contains(value)
        && !(0xD7B0...0xD7FF).contains(value) && scalar.properties.generalCategory != .format
      {
        // Left to the slow path though it never joins: only jamo and format characters may be.
        disagreements.append(String(value, radix: 16))
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    #expect(TerminalWidth.simpleWidth(of: "\u{93E}") == nil)  // DEVANAGARI VOWEL SIGN AA, a spacing mark
    #expect(TerminalWidth.of("क\u{93E}") == 1)
    #expect(TerminalWidth.of("\u{E17}\u{E33}") == 1)  // Thai SARA AM: a letter, yet it joins the one before
  }

  @Test func sequencesAreOneClusterOfTwoColumns() {
    #expect(TerminalWidth.of("👨‍👩‍👧‍👦") == 2)
    #expect(TerminalWidth.of("🏳️‍🌈") == 2)
    #expect(TerminalWidth.of("🇷🇺🇺🇸") == 4)
    #expect(TerminalWidth.of("🇷") == 1)
    #expect(TerminalWidth.of("1️⃣#️⃣") == 4)
    #expect(TerminalWidth.of("👍🏽") == 2)
  }

  @Test func controlCharactersAreReplacedBeforeTheyReachATerminal() {
    #expect(TextFitting.safe("a\u{1B}[31mred\u{7}") == "a\u{FFFD}[31mred\u{FFFD}")
    #expect(TextFitting.safe("x\u{202E}y\u{2066}") == "x\u{FFFD}y\u{FFFD}")
    #expect(TextFitting.safe("plain") == "plain")
  }

  @Test func truncationEndsInAnEllipsisWithinTheWidth() {
    #expect(TextFitting.truncate("Поливать растения", to: 10) == "Поливать …")
    #expect(TextFitting.truncate("漢字漢字漢字", to: 6) == "漢字…")
    #expect(TerminalWidth.of(TextFitting.truncate("漢字漢字漢字", to: 6)) <= 6)
    #expect(TextFitting.truncate("short", to: 10) == "short")
  }

  @Test func wrappingBreaksAtSpacesAndCutsTheLastLine() {
    #expect(
      TextFitting.wrap("Кошка заслонила камеру на созвоне", to: 15, maxLines: 2) == [
        "Кошка заслонила", "камеру на созв…",
      ])
    #expect(TextFitting.wrap("Supercalifragilistic", to: 8, maxLines: 3) == ["Supercal", "ifragili", "stic"])
    #expect(TextFitting.wrap("a b", to: 10) == ["a b"])
  }
}
