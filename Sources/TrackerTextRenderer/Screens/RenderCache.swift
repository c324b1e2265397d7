import Foundation
import TrackerViewModels

/// Drawn cards kept between drawings by a renderer that draws the same screen again and again
/// (the interactive mode): after a tap only the tapped card is drawn anew. Generational: what one
/// drawing did not use is gone after the next, so the cache never outgrows two screens. The same
/// card always gives the same lines, so a cached drawing is the drawing.
public final class RenderCache: @unchecked Sendable {
  /// A card is found by its tracker and width (cheap to hash), then compared whole.
  private struct Key: Hashable {
    let id: UUID
    let width: Int
  }

  private struct Entry {
    let card: TrackersViewModel.Card
    let lines: [StyledLine]
  }

  private let lock = NSLock()
  private var current: [Key: Entry] = [:]
  private var previous: [Key: Entry] = [:]

  public init() {}

  /// Call at the start of a drawing.
  func beginDrawing() {
    lock.lock()
    previous = current
    current = Dictionary(minimumCapacity: previous.count)
    lock.unlock()
  }

  /// The lines of `card` at `width`, drawn by `draw` unless they are kept.
  func card(_ card: TrackersViewModel.Card, width: Int, _ draw: () -> [StyledLine]) -> [StyledLine] {
    let key = Key(id: card.id, width: width)
    lock.lock()
    if let kept = current[key] ?? previous[key], kept.card == card {
      current[key] = kept
      lock.unlock()
      return kept.lines
    }
    lock.unlock()
    let drawn = draw()
    lock.lock()
    current[key] = Entry(card: card, lines: drawn)
    lock.unlock()
    return drawn
  }
}
