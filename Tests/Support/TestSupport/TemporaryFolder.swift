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
    url = Self.base.appendingPathComponent("tracker-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Runs `body` with a fresh folder removed once it returns, outside any test (a condition of
  /// the `.enabled(if:)` trait).
  public static func around<Result>(_ body: (TemporaryFolder) throws -> Result) rethrows -> Result {
    let folder = TemporaryFolder(unlisted: ())
    defer { try? FileManager.default.removeItem(at: folder.url) }
    return try body(folder)
  }

  /// Where the folders are made: in memory (Linux's `/dev/shm`) when it is writable and has at
  /// least `memoryRoomNeeded` free, else the system's temporary directory;
  /// `TRACKER_TESTS_ON_DISK=1` keeps them on the disk. What the tests check is SQLite's and our
  /// code's behaviour, the same on either: a killed process leaves the page cache behind on both,
  /// and the file size limit (`ulimit -f`) holds on both. What memory spares is the disk's
  /// `fsync` per commit, a quarter of the store tests' time on a two-core machine. (A container's
  /// default `/dev/shm` of 64 MB is too small and is passed over.)
  public static let base: URL = {
    let memory = "/dev/shm"
    var room = statvfs()
    if ProcessInfo.processInfo.environment["TRACKER_TESTS_ON_DISK"] != "1", access(memory, W_OK) == 0,
      statvfs(memory, &room) == 0, UInt64(room.f_bavail) * UInt64(room.f_frsize) >= memoryRoomNeeded
    {
      return URL(fileURLWithPath: memory, isDirectory: true)
    }
    return FileManager.default.temporaryDirectory
  }()

  /// The free space in memory below which the folders go to the disk (1 GiB).
  public static let memoryRoomNeeded: UInt64 = 1 << 30

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
