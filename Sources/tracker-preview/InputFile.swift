import Foundation

/// Reading the file a command names, where "-" means standard input.
enum InputFile {
  /// The bytes of `file`, or a failure saying it cannot be read.
  static func read(_ file: String, what: String, _ context: ToolContext) -> Result<Data, Outcome> {
    if file == "-" { return .success(context.readStandardInput()) }
    // Read through a handle rather than FileManager, so pipes and devices (/dev/stdin,
    // /dev/null) work too; a folder or an unreadable file is a failure, not a crash.
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
      defer { try? handle.close() }
      return .success(try handle.readToEnd() ?? Data())
    } catch {
      return .failure(.failure(Messages.unreadableFile(what, file)))
    }
  }
}
