import Foundation
import TrackerModels
import TrackerViewModels

/// Drawn cards kept between drawings by a renderer that draws the same screen again and again
/// (the interactive mode): after a tap only the tapped card is drawn anew, and a search typed and
/// then erased finds the cards it hid still drawn. A card no drawing used for `keptDrawings`
/// drawings is gone, so the cache never outgrows the cards of that many screens. The same card
/// always gives the same lines, so a cached drawing is the drawing. It is not `Sendable`, and
/// holds no lock: one session draws with it, on the one actor it runs on (the terminal's main
/// actor); a renderer holding it stays there too.
public final class RenderCache {
  /// A card is found by its tracker and width (cheap to hash), then compared whole.
  private struct Key: Hashable, Sendable {
    let id: UUID
    let width: Int
  }

  private struct Entry: Sendable {
    let card: TrackersViewModel.Card
    let lines: [StyledLine]
    /// The drawing that last used it.
    var used: Int
  }

  /// How many drawings a card is kept without being drawn (a search of a few letters, erased).
  public static let keptDrawings = 8

  /// The cards kept, and the number of the drawing under way.
  private var kept: (entries: [Key: Entry], drawing: Int) = ([:], 0)

  public init() {}

  /// Call at the start of a drawing.
  func beginDrawing() {
    kept.drawing += 1
    if kept.drawing % Self.keptDrawings == 0 {
      let oldest = kept.drawing - Self.keptDrawings
      kept.entries = kept.entries.filter { $0.value.used > oldest }
    }
  }

  /// The lines of `card` at `width`, drawn by `draw` unless they are kept.
  func card(_ card: TrackersViewModel.Card, width: Int, _ draw: () -> [StyledLine]) -> [StyledLine] {
    let key = Key(id: card.id, width: width)
    if var entry = kept.entries[key], entry.card == card {
      entry.used = kept.drawing
      kept.entries[key] = entry
      return entry.lines
    }
    let drawn = draw()
    kept.entries[key] = Entry(card: card, lines: drawn, used: kept.drawing)
    return drawn
  }

  /// How many cards are kept (for tests).
  public var count: Int {
    kept.entries.count
  }
}
