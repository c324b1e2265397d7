/// Turns frames into what a terminal is sent: only the rows that changed since the last frame,
/// each written whole from its first column and cleared to its end, so what is on the terminal
/// is exactly the frame (and a reader of the output only needs "go to row", "clear to end of line").
///
/// Each frame is one synchronized update (`beginFrame` … `endFrame`, the terminals' mode 2026): a
/// terminal that knows it draws the frame at once, never half of it (a frame arrives in pieces);
/// one that does not ignores the two marks, as terminals ignore modes they do not know. A reader
/// of the output (the pseudo-terminal tests) knows from them when a frame is whole.
public struct FrameWriter: Sendable {
  private var shown: [String] = []

  public init() {}

  /// Entering the full-screen mode: the alternate screen, cursor hidden, screen cleared.
  public static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J"
  /// Leaving it, whatever state it was in: a frame cut off ended, colors reset, cursor shown, the
  /// normal screen back.
  public static let leave = endFrame + "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// The start of a synchronized update: the terminal holds what follows until `endFrame`.
  public static let beginFrame = "\u{1B}[?2026h"
  /// The end of a synchronized update: the terminal draws the frame.
  public static let endFrame = "\u{1B}[?2026l"

  /// What to send to show `frame`, as one synchronized update; every row when the size changed,
  /// nothing when no row did.
  public mutating func update(to frame: [String]) -> String {
    var output = ""
    let sizeChanged = frame.count != shown.count
    for (row, line) in frame.enumerated() where sizeChanged || shown[row] != line {
      output += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
    }
    shown = frame
    return output.isEmpty ? "" : Self.beginFrame + output + Self.endFrame
  }

  /// Forgets what is shown, so the next frame is sent whole (after a resize, which may have
  /// rewrapped or cleared the terminal's lines).
  public mutating func invalidate() { shown = [] }
}
