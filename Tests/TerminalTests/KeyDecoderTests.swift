import Testing

@testable import TrackerTerminal

@Suite("Keys from terminal bytes", .temporaryFolders)
struct KeyDecoderTests {
  func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test func arrowsPagesAndShiftTabInBothEncodings() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OD") == [.up, .left])
    #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[Z") == [.pageUp, .pageDown, .backTab])
    #expect(keys("\u{1B}[1;5C") == [.right])  // Ctrl-→ is still →
    #expect(keys("\u{1B}[15~") == [.unknown])  // F5
  }

  @Test func aLoneEscIsOnlyKnownAfterAPauseAndASplitSequenceWaitsForItsRest() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty && decoder.isWaiting)
    #expect(decoder.feed(Array("[".utf8)).isEmpty && decoder.isWaiting)
    #expect(decoder.feed(Array("D".utf8)) == [.left] && !decoder.isWaiting)
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flush() == [.escape])
    // Esc then a letter at once: the Esc, then the letter.
    #expect(keys("\u{1B}q") == [.escape, .character("q")])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
  }

  @Test func enterTabBackspaceAndControlKeys() {
    #expect(keys("\r\n\r\t\u{7F}\u{08}") == [.enter, .enter, .tab, .backspace, .backspace])
    #expect(keys("\u{03}\u{15}") == [.control("c"), .control("u")])
  }

  @Test func textInAnyScriptEvenWhenACharacterIsCutBetweenReads() {
    #expect(
      keys("Бег ✓") == [.character("Б"), .character("е"), .character("г"), .character(" "), .character("✓")])
    var decoder = KeyDecoder()
    let bytes = Array("Ё🙂".utf8)
    #expect(decoder.feed(Array(bytes[0..<1])).isEmpty)
    #expect(decoder.feed(Array(bytes[1..<4])) == [.character("Ё")])
    #expect(decoder.feed(Array(bytes[4...])) == [.character("🙂")])
    // Bytes that are no UTF-8 are unknown keys, not a crash or a stuck decoder.
    var broken = KeyDecoder()
    #expect(broken.feed([0xD0, 0x41]) == [.unknown, .character("A")])
    #expect(broken.feed([0xFF]) == [.unknown] && !broken.isWaiting)
  }
}

@Suite("Frames sent to the terminal", .temporaryFolders)
struct FrameWriterTests {
  /// Each frame is one synchronized update (mode 2026), so a terminal never draws half of one.
  @Test func onlyTheRowsThatChangedAreSentEachWholeAndClearedToItsEnd() {
    var writer = FrameWriter()
    let first = writer.update(to: ["a", "b", "c"])
    #expect(
      first
        == "\u{1B}[?2026h\u{1B}[1;1Ha\u{1B}[0m\u{1B}[K\u{1B}[2;1Hb\u{1B}[0m\u{1B}[K\u{1B}[3;1Hc\u{1B}[0m\u{1B}[K"
        + "\u{1B}[?2026l")
    #expect(writer.update(to: ["a", "B", "c"]) == "\u{1B}[?2026h\u{1B}[2;1HB\u{1B}[0m\u{1B}[K\u{1B}[?2026l")
    #expect(writer.update(to: ["a", "B", "c"]) == "")
    // A new size sends every row.
    #expect(writer.update(to: ["a", "B"]).components(separatedBy: "\u{1B}[K").count == 3)
    writer.invalidate()
    #expect(writer.update(to: ["a", "B"]).components(separatedBy: "\u{1B}[K").count == 3)
  }

  /// Leaving the full screen ends a frame first, should one have been cut off (a write that
  /// failed half way): a terminal is never left holding its drawing.
  @Test func leavingEndsAFrameCutOffThenRestoresTheTerminal() {
    #expect(FrameWriter.leave.hasPrefix(FrameWriter.endFrame))
    #expect(FrameWriter.leave.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
  }
}
