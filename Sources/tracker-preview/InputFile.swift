import Foundation

/// Reading the file a command names, where "-" means standard input.
enum InputFile {
  /// The most a command reads: a backup of 200 trackers over ten years is 56 MB.
  static let limit = 256 * 1024 * 1024

  /// Whether `file` (not "-") is a regular file that begins as a SQLite database does: only its
  /// first 16 bytes are read, and a pipe or a device is never opened (a file that cannot be read
  /// is not one: the reading that follows says why).
  static func isSQLiteFile(_ file: String) -> Bool {
    var info = stat()
    guard file != "-", stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      let handle = FileHandle(forReadingAtPath: file)
    else { return false }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
  }

  /// The bytes of `file`, or a failure saying it cannot be read or is too large. Reading stops at
  /// `limit`, so an endless input (`/dev/zero`) fails in bounded memory.
  static func read(
    _ file: String, isScript: Bool = false, limit: Int = InputFile.limit, _ context: ToolContext
  )
    -> Result<Data, Outcome>
  {
    let data: Data
    if file == "-" {
      data = context.readStandardInput(limit)
    } else {
      // Read through a handle rather than FileManager, so pipes and devices (/dev/stdin,
      // /dev/null) work too; a folder or an unreadable file is a failure, not a crash.
      var info = stat()
      if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        return .failure(.failure(Messages.inputIsAFolder(file)))
      }
      do {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
        defer { try? handle.close() }
        var read = Data()
        while read.count <= limit, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
          read.append(chunk)
        }
        data = read
      } catch {
        return .failure(.failure(isScript ? Messages.unreadableScript(file) : Messages.unreadableFile(file)))
      }
    }
    guard data.count <= limit else { return .failure(.failure(Messages.tooLarge(file, limit: limit))) }
    return .success(data)
  }
}
