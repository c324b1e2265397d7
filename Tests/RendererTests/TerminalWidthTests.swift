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
    // The soft hyphen is the one format character terminals draw, a column wide (attack of
    // 2026-12-07: a card's border stood a column early after "Ru\u{AD}n").
    #expect(TerminalWidth.of("Ru\u{AD}n") == 4)
    #expect(TerminalWidth.of("km\u{AD}") == 3)
    // A variation selector or a joiner with no emoji before it asks for nothing a terminal draws:
    // a name of joiners alone takes no column (the form's field kept its width, attack of
    // 2026-12-07), and a letter with U+FE0F stays a letter.
    #expect(TerminalWidth.of("\u{200D}\u{FE0F}") == 0)
    #expect(TerminalWidth.of("\u{FE0F}\u{FE0F}") == 0)
    #expect(TerminalWidth.of("\u{200D}") == 0)
    #expect(TerminalWidth.of("a\u{FE0F}") == 1)
    #expect(TerminalWidth.of("\u{2764}\u{FE0F}") == 2)
    #expect(TerminalWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)  // a Hangul syllable from jamo
  }

  /// The fast path's table, built range by range, agrees with the cluster rule on every scalar of
  /// the plane, alone and in a cluster with the scalar before or after it (a spacing mark joins
  /// the letter before it, a prepended sign the one after it).
  @Test func theFastTableAgreesWithTheClusterRuleOnEveryScalarOfThePlane() {
    var disagreements: [String] = []
    for value in UInt32(0)..<0x10000 {
      guard let scalar = Unicode.Scalar(value), let width = TerminalWidth.simpleWidth(of: scalar) else {
        continue
      }
      for text in ["\(scalar)", "क\(scalar)", "\(scalar)a", "ท\(scalar)"] {
        let byClusters = text.reduce(0) { $0 + TerminalWidth.of($1) }
        let bySimpleScalars = text.unicodeScalars.reduce(0) { $0 + (TerminalWidth.simpleWidth(of: $1) ?? 99) }
        if TerminalWidth.of(text) != byClusters || byClusters != bySimpleScalars {
          disagreements.append(String(value, radix: 16))
        }
      }
      if TerminalWidth.of(Character(scalar)) != width { disagreements.append(String(value, radix: 16)) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
  }

  /// A spacing mark takes a column of its own after its letter, as a terminal draws it (glibc's
  /// `wcwidth`): Thai SARA AM, Devanagari vowel signs and conjuncts, Thai words without marks.
  @Test func spacingMarksTakeTheirColumnAfterTheirLetter() {
    #expect(TerminalWidth.of("\u{E17}\u{E33}") == 2)  // ทำ
    #expect(TerminalWidth.of("ทำอาหาร") == 7)
    #expect(TerminalWidth.of("का") == 2)
    #expect(TerminalWidth.of("क्ष") == 2)  // क, the virama (no column), ष
    #expect(TerminalWidth.of("काम करना") == 8)
  }

  /// Cutting never separates a spacing mark from its letter: what is kept is whole characters of
  /// the text, within the width.
  @Test func truncationKeepsASpacingMarkWithItsLetter() {
    for text in ["ทำอาหารทำอาหาร", "กำกำกำกำกำ", "कामकामकाम", "abcकाम"] {
      for width in 2...8 {
        let cut = TextFitting.truncate(text, to: width)
        #expect(TerminalWidth.of(cut) <= width, "\(text) at \(width): \(cut)")
        #expect(Array(text).starts(with: Array(cut.dropLast())), "\(text) at \(width): \(cut)")
      }
    }
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

  /// A soft hyphen is where a user said a word may break: a line ends after it (the terminal
  /// draws it as a hyphen) rather than inside a syllable; without a break the word stays whole.
  @Test func wrappingBreaksAfterASoftHyphenBeforeInsideAWord() throws {
    let name = "Stretch\u{AD}and\u{AD}breathe"
    #expect(TextFitting.wrap(name, to: 15) == ["Stretch\u{AD}and\u{AD}", "breathe"])
    #expect(TextFitting.wrap(name, to: 10) == ["Stretch\u{AD}", "and\u{AD}", "breathe"])
    #expect(TextFitting.wrap(name, to: 11) == ["Stretch\u{AD}", "and\u{AD}breathe"])
    #expect(TextFitting.wrap(name, to: 40) == [name])
    #expect(TextFitting.wrap("Morning " + name, to: 19) == ["Morning Stretch\u{AD}", "and\u{AD}breathe"])
    #expect(TextFitting.wrap("Растяжка\u{AD}и\u{AD}дыхание", to: 12) == ["Растяжка\u{AD}и\u{AD}", "дыхание"])
    // A soft hyphen never costs text: where breaking after one would leave text over that filling
    // the lines by characters shows, the lines are filled by characters (attack of 2026-12-07:
    // a card's two lines cut "Высоко\u{AD}" / "превосходительство…").
    #expect(TextFitting.wrap(name, to: 10, maxLines: 2) == ["Stretch\u{AD}an", "d\u{AD}breathe"])
    #expect(
      TextFitting.wrap("Высоко\u{AD}превосходительство утром", to: 19, maxLines: 2) == [
        "Высоко\u{AD}превосходите", "льство утром",
      ])
    #expect(
      TextFitting.wrap("A\u{AD}Supercalifragilistic", to: 18, maxLines: 2) == [
        "A\u{AD}Supercalifragili", "stic",
      ])
    // When both ways leave text over, the lines are filled by characters too: they show more.
    #expect(TextFitting.wrap(name, to: 6, maxLines: 2) == ["Stretc", "h\u{AD}and…"])
    // No cut after a soft hyphen that begins a word, and one after the last of several.
    #expect(TextFitting.wrap("\u{AD}Supercalifragilistic", to: 11) == ["\u{AD}Supercalif", "ragilistic"])
    #expect(TextFitting.wrap("Stretch\u{AD}\u{AD}breathe", to: 10) == ["Stretch\u{AD}\u{AD}", "breathe"])
    // No line begins with what a kept name holds right after a soft hyphen and would join the
    // letter before it (a combining acute, a Devanagari vowel sign, a joiner, a skin tone, a
    // Hangul vowel, a stack of marks): it would be drawn on nothing. It stays with the hyphen,
    // which is still where the line may end. (In two columns a skin tone, which takes two, has a
    // line of its own.)
    #expect(
      TextFitting.wrap("Stretch\u{AD}\u{301}and\u{AD}breathe", to: 10) == [
        "Stretch\u{AD}\u{301}", "and\u{AD}", "breathe",
      ])
    for mark in ["\u{301}", "\u{93E}", "\u{200D}", "\u{1F3FB}", "\u{1161}", "\u{301}\u{302}\u{303}"] {
      for width in 3...20 {
        let lines = TextFitting.wrap("Stretch\u{AD}\(mark)and\u{AD}breathe", to: width)
        #expect(lines.joined() == "Stretch\u{AD}\(mark)and\u{AD}breathe", "\(width): nothing lost")
        for line in lines {
          let first = try #require(line.unicodeScalars.first)
          #expect(!mark.unicodeScalars.contains(first), "\(width): \(line.unicodeScalars.map(\.value))")
          #expect(TerminalWidth.of(line) <= width, "\(width): \(line)")
        }
      }
    }
    // A prepended mark (the Arabic number sign) joins the character after it: it goes with it,
    // and no line is wider than its width for it (2026-12-07).
    for width in 1...10 {
      for text in ["a\u{AD}\u{600}bcd", "a\u{AD}\u{600}👨‍👩‍👧 ab"] {
        for line in TextFitting.wrap(text, to: width) {
          #expect(TerminalWidth.of(line) <= width, "\(width): \(line.unicodeScalars.map(\.value))")
          #expect(line.unicodeScalars.last != "\u{600}", "\(width): \(line.unicodeScalars.map(\.value))")
        }
      }
    }
    // A piece longer than the line is still broken by characters.
    #expect(
      TextFitting.wrap("Supercalifragilistic\u{AD}expi", to: 8) == [
        "Supercal", "ifragili", "stic\u{AD}", "expi",
      ])
    // Every line fits, whatever the width, and a soft hyphen never shows less of a name in two
    // lines than filling them by characters does.
    for width in 1...30 {
      for line in TextFitting.wrap("Morning " + name + " and more", to: width) {
        #expect(TerminalWidth.of(line) <= width, "\(width): \(line)")
      }
      let plain = TextFitting.wrap("Morning Stretchandbreathe and more", to: width, maxLines: 2)
      let hyphenated = TextFitting.wrap("Morning " + name + " and more", to: width, maxLines: 2)
      let shown = { (lines: [String]) in
        lines.joined().unicodeScalars.filter { $0 != "\u{AD}" && $0 != "…" }.count
      }
      #expect(shown(hyphenated) >= shown(plain) - 2, "\(width): \(hyphenated) against \(plain)")
    }
  }
}
