import Foundation
import TrackerSQLite
import TrackerSchema

/// What is at a store's path, found without opening anything that could block or be changed: a
/// pipe, a folder or a device is never opened, and a regular file is opened non-blocking, read-only,
/// for its first bytes.
package enum FileInspection: Equatable {
  /// Nothing (or nothing this process may look at): opening reports what the system says.
  case missing
  /// An empty regular file: a store may be made in it.
  case empty
  /// A regular file that starts with SQLite's header, and the application id in that header.
  case database(applicationID: Int32)
  /// A regular file that is not a SQLite database.
  case otherFile(ForeignFile)
  /// Not a regular file: a folder, a pipe, a device or socket, a link to nothing.
  case notAFile(ForeignFile)

  /// How many first bytes are read to tell what a file is.
  package static let sniffLength = 512

  /// What is at `path` (following symbolic links).
  package static func inspect(_ path: String) -> FileInspection {
    var info = stat()
    guard stat(path, &info) == 0 else {
      var link = stat()
      if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK { return .notAFile(.danglingLink) }
      return .missing
    }
    if let kind = special(info.st_mode) { return .notAFile(kind) }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { return .missing }
    defer { close(descriptor) }
    // The file may have been replaced since `stat`: look again at what was opened.
    guard fstat(descriptor, &info) == 0 else { return .missing }
    if let kind = special(info.st_mode) { return .notAFile(kind) }
    var bytes = [UInt8](repeating: 0, count: sniffLength)
    var count = 0
    while count < sniffLength {
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, sniffLength - count)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    return classify(Array(bytes.prefix(count)), isWhole: count < sniffLength)
  }

  /// Whether `path` is a regular file (following links): only such a file is ever read whole.
  package static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && special(info.st_mode) == nil
  }

  /// What the first bytes of a regular file say it is; `isWhole` when they are the whole file.
  package static func classify(_ header: [UInt8], isWhole: Bool) -> FileInspection {
    guard !header.isEmpty else { return .empty }
    if header.starts(with: Array("SQLite format 3\u{0}".utf8)) {
      // The header's application id: a big-endian 32-bit number at offset 68.
      guard header.count >= 72 else { return .database(applicationID: 0) }
      let id = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      return .database(applicationID: Int32(bitPattern: id))
    }
    return .otherFile(kind(of: header, isWhole: isWhole))
  }

  /// The kind of file whose first bytes are `header`, by the signatures of common formats.
  package static func kind(of header: [UInt8], isWhole: Bool) -> ForeignFile {
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      header.count >= offset + signature.count
        && Array(header[offset..<offset + signature.count]) == signature
    }
    func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    let images: [[UInt8]] = [
      [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], ascii("GIF8"), ascii("II*\u{0}"), ascii("MM\u{0}*"),
    ]
    if images.contains(where: { starts($0) }) { return .image }
    if starts(ascii("RIFF")), starts(ascii("WEBP"), at: 8) { return .image }
    if starts(ascii("ftyp"), at: 4),
      ["heic", "heix", "hevc", "mif1", "msf1", "avif"].contains(where: { starts(ascii($0), at: 8) })
    {
      return .image
    }
    if starts(ascii("%PDF-")) { return .pdf }
    let archives: [[UInt8]] = [
      ascii("PK\u{3}\u{4}"), ascii("PK\u{5}\u{6}"), [0x1F, 0x8B], [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],
      [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], [0x28, 0xB5, 0x2F, 0xFD],
    ]
    if archives.contains(where: { starts($0) }) { return .archive }
    if starts(ascii("BZh")), header.count > 4, (0x31...0x39).contains(header[3]), header[4] == 0x31 {
      return .archive
    }
    return isText(header, isWhole: isWhole) ? .text : .binary
  }

  /// Whether `bytes` read as UTF-8 text with no control characters but tabs, line and page breaks
  /// and escapes. When they are not the whole file, a character cut at their end still counts.
  private static func isText(_ bytes: [UInt8], isWhole: Bool) -> Bool {
    let allowedControls: Set<UInt8> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B]
    guard !bytes.contains(where: { ($0 < 0x20 && !allowedControls.contains($0)) || $0 == 0x7F }) else {
      return false
    }
    for cut in 0...(isWhole ? 0 : 3) where cut < bytes.count {
      if String(bytes: bytes.dropLast(cut), encoding: .utf8) != nil { return true }
    }
    return false
  }

  /// The kind of a file of `mode` that is not a regular file, or nil for a regular file.
  private static func special(_ mode: mode_t) -> ForeignFile? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return .folder
    case S_IFIFO: return .pipe
    default: return .special
    }
  }
}
