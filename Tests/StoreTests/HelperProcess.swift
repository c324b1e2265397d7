import Foundation

/// Runs the `tracker-store-writer` helper built next to the test bundle.
enum HelperProcess {
  /// The folder holding the built products (the test bundle's folder on Linux).
  static var productsFolder: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  static var executable: URL { productsFolder.appendingPathComponent("tracker-store-writer") }

  /// Runs the helper to completion, optionally as the unprivileged user `nobody` (via setpriv).
  static func run(_ arguments: [String], asNobody: Bool = false) throws -> (
    status: Int32, output: String, error: String
  ) {
    let process = Process()
    if asNobody {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData, as: UTF8.self)
    )
  }
}
