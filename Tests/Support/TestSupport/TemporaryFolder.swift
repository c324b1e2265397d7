import Foundation
import Testing

/// A fresh folder under the system's temporary directory for a test's files, removed when the test
/// ends. The test, or a suite around it, carries the `.temporaryFolders` trait, which removes
/// every folder made while it runs; a folder made outside one is an issue of the test (it would
/// be left behind).
public struct TemporaryFolder: Sendable {
  public let url: URL

  public init(_ sourceLocation: SourceLocation = #_sourceLocation) {
    self.init(unlisted: ())
    if let folders = MadeFolders.current {
      folders.add(url)
    } else {
      Issue.record(
        "a temporary folder outside a test marked .temporaryFolders: \(url.path)",
        sourceLocation: sourceLocation)
    }
  }

  private init(unlisted: Void) {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("tracker-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Runs `body` with a fresh folder removed once it returns, outside any test (a condition of
  /// the `.enabled(if:)` trait).
  public static func around<Result>(_ body: (TemporaryFolder) throws -> Result) rethrows -> Result {
    let folder = TemporaryFolder(unlisted: ())
    defer { try? FileManager.default.removeItem(at: folder.url) }
    return try body(folder)
  }

  /// The folder's path.
  public var path: String { url.path }

  /// The path of `name` in the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names of the files in the folder, sorted.
  public func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }
}

/// Removes the temporary folders a test made once it ends: on a suite, after each of its tests.
public struct TemporaryFolders: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let folders = MadeFolders()
    defer { folders.removeAll() }
    try await MadeFolders.$current.withValue(folders) { try await function() }
  }
}

extension Trait where Self == TemporaryFolders {
  /// The test's temporary folders are removed once it ends (`TemporaryFolder`).
  public static var temporaryFolders: Self { Self() }
}

/// The folders made in one test.
final class MadeFolders: @unchecked Sendable {
  @TaskLocal static var current: MadeFolders?

  private let lock = NSLock()
  private var urls: [URL] = []

  func add(_ url: URL) {
    lock.lock()
    urls.append(url)
    lock.unlock()
  }

  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    for url in urls { try? FileManager.default.removeItem(at: url) }
    urls = []
  }
}
