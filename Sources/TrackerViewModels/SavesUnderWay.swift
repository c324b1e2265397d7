/// A screen's saves of one value that are under way, and the latest read of that value kept off
/// the screen meanwhile (docs/architecture.md, "An older answer does not overwrite a newer one").
///
/// While a save is on its way the screen keeps showing the value it saves: a read between two
/// saves, or begun before one, holds what was stored before, and would show it for a moment.
/// The read is kept instead. The observation never hands the same value over again, so when the
/// last save ends the kept read is what is stored, and a screen whose save failed shows it (it
/// was changed elsewhere meanwhile) instead of putting back the value from before the save.
struct SavesUnderWay<Value> {
  private var count = 0
  private var readMeanwhile: Value?

  /// Whether a save is on its way.
  var isSaving: Bool { count > 0 }

  /// A save began.
  mutating func began() { count += 1 }

  /// A read arrived: true when it may be shown (no save is on its way); else it is kept.
  mutating func mayShow(_ read: Value) -> Bool {
    guard isSaving else { return true }
    readMeanwhile = read
    return false
  }

  /// A save ended: once none is on its way, the value read meanwhile, if one was.
  @discardableResult
  mutating func ended() -> Value? {
    count -= 1
    guard count == 0 else { return nil }
    defer { readMeanwhile = nil }
    return readMeanwhile
  }
}
