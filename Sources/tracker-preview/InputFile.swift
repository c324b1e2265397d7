import Foundation

/// Reading the file a command names, where "-" means standard input.
enum InputFile {
  /// The bytes of `file`, or a failure saying it cannot be read.
  static func read(_ file: String, what: String, _ context: ToolContext) -> Result<Data, Outcome> {
    if file == "-" { return .success(context.readStandardInput()) }
    guard let data = FileManager.default.contents(atPath: file) else {
      return .failure(.failure(Messages.unreadableFile(what, file)))
    }
    return .success(data)
  }
}
