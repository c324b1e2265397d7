import Foundation
import TrackerViewModels

/// Drawn cards kept between drawings by a renderer that draws the same screen again and again
/// (the interactive mode): after a tap only the tapped card is drawn anew, and a search typed and
/// then erased finds the cards it hid still drawn. A card no drawing used for `keptDrawings`
/// drawings is gone, so the cache never outgrows the cards of that many screens. The same card
/// always gives the same lines, so a cached drawing is the drawing.
public final class RenderCache: @unchecked Sendable {
  /// A card is found by its tracker and width (cheap to hash), then compared whole.
  private struct Key: Hashable {
    let id: UUID
    let width: Int
  }

  private struct Entry {
    let card: TrackersViewModel.Card
    let lines: [StyledLine]
    /// The drawing that last used it.
    var used: Int
  }

  /// How many drawings a card is kept without being drawn (a search of a few letters, erased).
  public static let keptDrawings = 8

  private let lock = NSLock()
  private var entries: [Key: Entry] = [:]
  private var drawing = 0

  public init() {}

  /// Call at the start of a drawing.
  func beginDrawing() {
    lock.lock()
    drawing += 1
    if drawing % Self.keptDrawings == 0 {
      let oldest = drawing - Self.keptDrawings
      entries = entries.filter { $0.value.used > oldest }
    }
    lock.unlock()
  }

  /// The lines of `card` at `width`, drawn by `draw` unless they are kept.
  func card(_ card: TrackersViewModel.Card, width: Int, _ draw: () -> [StyledLine]) -> [StyledLine] {
    let key = Key(id: card.id, width: width)
    lock.lock()
    if var kept = entries[key], kept.card == card {
      kept.used = drawing
      entries[key] = kept
      lock.unlock()
      return kept.lines
    }
    lock.unlock()
    let drawn = draw()
    lock.lock()
    entries[key] = Entry(card: card, lines: drawn, used: drawing)
    lock.unlock()
    return drawn
  }

  /// How many cards are kept (for tests).
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }
}
