/// What a file that is not a Tracker data file is, as far as its type and first bytes tell: the
/// command line names it when it refuses the file (and leaves it untouched).
public enum ForeignFile: Hashable, Sendable {
  /// Text (UTF-8 without control characters).
  case text
  /// A picture (PNG, JPEG, GIF, WebP, HEIC, TIFF, BMP).
  case image
  /// A PDF document.
  case pdf
  /// A compressed archive (zip, gzip, xz, 7z, bzip2, zstd).
  case archive
  /// A SQLite database that cannot be read and is not recognizably Tracker's.
  case damagedDatabase
  /// Bytes of no kind recognized here.
  case binary
  /// A folder.
  case folder
  /// A named pipe (FIFO): never opened, so it never blocks.
  case pipe
  /// A device, a socket or another special file.
  case special
  /// A symbolic link to nothing.
  case danglingLink
}
