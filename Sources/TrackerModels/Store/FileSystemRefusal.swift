import Foundation

/// Why the system refused to make a store's folder or to move a broken file aside, in the cases a
/// person can act on; anything else carries the system's own words. The command line says it in
/// the user's language.
public enum FileSystemRefusal: Hashable, Sendable, CustomStringConvertible {
  /// This user may not write there.
  case permissionDenied
  /// The disk (or the file system) is mounted read-only.
  case readOnlyFileSystem
  /// No space is left.
  case diskFull
  /// A part of the path is a file, not a folder.
  case notAFolder
  /// A file or folder on the path is not there: another device or program removed it while it
  /// was read, or a link leads nowhere.
  case missing
  /// A symbolic link where sync needs a real file or folder: it never writes or deletes through a
  /// link inside the shared folder.
  case link
  /// No folder can be made there (`/proc`, a place that takes no new folders).
  case cannotMakeFolder
  /// Another refusal, in the system's words.
  case other(String)

  /// The refusal a POSIX error number stands for.
  public init(code: Int32) {
    self.init(NSError(domain: NSPOSIXErrorDomain, code: Int(code)))
  }

  /// The refusal `error` (from `FileManager`) stands for.
  public init(_ error: Error) {
    let nsError = error as NSError
    var code: Int32?
    if nsError.domain == NSPOSIXErrorDomain { code = Int32(nsError.code) }
    // The error underneath is any `Error` here: on Linux a Swift error in `userInfo` is not an
    // `NSError` to `as?`, so FileManager's POSIX reasons went unread before.
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
      let underlying = underlying as NSError
      if underlying.domain == NSPOSIXErrorDomain { code = Int32(underlying.code) }
    }
    switch code {
    case EACCES?, EPERM?: self = .permissionDenied
    case EROFS?: self = .readOnlyFileSystem
    case ENOSPC?, EDQUOT?: self = .diskFull
    case ENOTDIR?, EEXIST?: self = .notAFolder
    case ENOENT?: self = .missing
    case let code?: self = .other(String(cString: strerror(code)))
    case nil:
      switch (error as? CocoaError)?.code {
      case .fileWriteNoPermission?, .fileReadNoPermission?: self = .permissionDenied
      case .fileWriteVolumeReadOnly?: self = .readOnlyFileSystem
      case .fileWriteOutOfSpace?: self = .diskFull
      case .fileWriteFileExists?: self = .notAFolder
      case .fileNoSuchFile?, .fileReadNoSuchFile?: self = .missing
      default: self = .other(Self.words(of: nsError))
      }
    }
  }

  /// The system's words for `error`, without Foundation's placeholder for an error it has no
  /// words for ("The operation could not be completed. (NSCocoaErrorDomain error 256.)").
  private static func words(of error: NSError) -> String {
    let words = error.localizedDescription
    guard words.contains("(\(error.domain) error \(error.code).)") else { return words }
    return "the system gave no reason (error \(error.code))"
  }

  public var description: String {
    switch self {
    case .permissionDenied: return "permission denied"
    case .readOnlyFileSystem: return "the disk is read-only"
    case .diskFull: return "the disk is full"
    case .notAFolder: return "a part of the path is a file, not a folder"
    case .missing: return "no such file or folder"
    case .link: return "it is a link, which sync does not follow"
    case .cannotMakeFolder: return "no folder can be made there"
    case .other(let words): return words
    }
  }
}
