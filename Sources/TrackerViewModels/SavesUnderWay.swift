/// A screen's saves of one value that are under way, what they left stored, and the latest read
/// of the value kept off the screen meanwhile (docs/architecture.md, "An older answer does not
/// overwrite a newer one").
///
/// While a save is on its way the screen keeps showing the value it saves: a read between two
/// saves, or begun before one, holds what was stored before, and would show it for a moment.
/// The read is kept instead. The observation never hands the same value over again, so when the
/// last save ends the kept read is what is stored, and a screen whose save failed shows it (it
/// was changed elsewhere meanwhile) instead of putting back the value from before the save.
/// Without a read, what is stored is what the last save to succeed stored, else what was stored
/// before the first: two saves that both fail leave the value from before both, never the
/// first one's, which nothing stored.
struct SavesUnderWay<Value> {
  private var count = 0
  private var readMeanwhile: Value?
  /// What is stored, as far as these saves know: the value before the first of them, then each
  /// one's once it is saved.
  private var stored: Value?

  /// What is stored once the last save ended in failure: the read kept meanwhile (changed
  /// elsewhere), if one was, and what the saves left.
  struct Failed {
    let read: Value?
    let stored: Value
  }

  /// Whether a save is on its way.
  var isSaving: Bool { count > 0 }

  /// A save began, over `stored` (what is stored as the screen knows it, before the save).
  mutating func began(over stored: Value) {
    if count == 0 { self.stored = stored }
    count += 1
  }

  /// A read arrived: true when it may be shown (no save is on its way); else it is kept.
  mutating func mayShow(_ read: Value) -> Bool {
    guard isSaving else { return true }
    readMeanwhile = read
    return false
  }

  /// A save of `value` ended, stored.
  mutating func saved(_ value: Value) {
    stored = value
    _ = end()
  }

  /// A save failed: once none is on its way, what is stored; nil while another is (the screen
  /// keeps showing what that one saves).
  mutating func failed() -> Failed? {
    guard let read = end(), let stored else { return nil }
    return Failed(read: read, stored: stored)
  }

  /// One save ended: once none is on its way, the read kept meanwhile (nil inside when none
  /// was); nil while another save is on its way.
  private mutating func end() -> Value?? {
    count -= 1
    guard count == 0 else { return nil }
    defer { readMeanwhile = nil }
    return .some(readMeanwhile)
  }
}
