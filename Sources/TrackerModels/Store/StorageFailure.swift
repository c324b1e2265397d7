/// What went wrong beneath a store, in terms a person can act on: the kind decides the words a
/// screen shows; `detail` keeps the underlying message for logs and the command line.
public struct StorageFailure: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of failure a user is told apart.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The data file (or its folder) cannot be written: read-only file, folder or disk.
    case readOnly
    /// There is no space left on the disk (or the file reached its size limit).
    case diskFull
    /// Another program holds the file longer than the store waits.
    case busy
    /// The file is not a database or is damaged.
    case damaged
    /// The operating system reported an error reading or writing the file.
    case inputOutput
    /// Anything else.
    case other
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// The underlying message (SQLite's, the system's), for logs.
  public var detail: String
  /// What Tracker's own checks found, when they (not SQLite) found the damage: said in the user's
  /// language instead of `detail`.
  public var damage: StoreDamage?
  /// The program holding the data file's write lock ("tracker-preview, pid 4242"), when another
  /// program kept it past the wait (`.busy`) and the system says who it is.
  public var holder: String?

  /// A failure with every field given.
  public init(_ kind: Kind, detail: String, damage: StoreDamage? = nil, holder: String? = nil) {
    self.kind = kind
    self.detail = detail
    self.damage = damage
    self.holder = holder
  }

  public var description: String { detail }
}
