import Foundation

/// Reading the file a command names, where "-" means standard input.
enum InputFile {
  /// The bytes of `file`, or a failure saying it cannot be read (`isScript`: as a script).
  static func read(_ file: String, isScript: Bool = false, _ context: ToolContext) -> Result<Data, Outcome> {
    if file == "-" { return .success(context.readStandardInput()) }
    // Read through a handle rather than FileManager, so pipes and devices (/dev/stdin,
    // /dev/null) work too; a folder or an unreadable file is a failure, not a crash.
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
      defer { try? handle.close() }
      return .success(try handle.readToEnd() ?? Data())
    } catch {
      return .failure(.failure(isScript ? Messages.unreadableScript(file) : Messages.unreadableFile(file)))
    }
  }
}
