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
  /// Another refusal, in the system's words.
  case other(String)

  /// The refusal `error` (from `FileManager`) stands for.
  public init(_ error: Error) {
    let nsError = error as NSError
    var code: Int32?
    if nsError.domain == NSPOSIXErrorDomain { code = Int32(nsError.code) }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      code = Int32(underlying.code)
    }
    switch code {
    case EACCES?, EPERM?: self = .permissionDenied
    case EROFS?: self = .readOnlyFileSystem
    case ENOSPC?, EDQUOT?: self = .diskFull
    case ENOTDIR?, EEXIST?: self = .notAFolder
    default:
      switch (error as? CocoaError)?.code {
      case .fileWriteNoPermission?: self = .permissionDenied
      case .fileWriteVolumeReadOnly?: self = .readOnlyFileSystem
      case .fileWriteOutOfSpace?: self = .diskFull
      case .fileWriteFileExists?: self = .notAFolder
      default: self = .other(nsError.localizedDescription)
      }
    }
  }

  public var description: String {
    switch self {
    case .permissionDenied: return "permission denied"
    case .readOnlyFileSystem: return "the disk is read-only"
    case .diskFull: return "the disk is full"
    case .notAFolder: return "a part of the path is a file, not a folder"
    case .other(let words): return words
    }
  }
}
