import Foundation
import TestSupport
import Testing
import TrackerModels

@testable import TrackerStore

/// Why the system refused a folder or a file, as the command line and Settings say it: the cases
/// a person can act on by name, anything else in the system's words, never Foundation's error
/// number in place of words.
@Suite("Refusals of the file system, in words", .temporaryFolders)
struct FileSystemRefusalTests {
  func refusal(_ body: () throws -> Void) -> FileSystemRefusal? {
    do {
      try body()
      return nil
    } catch {
      return FileSystemRefusal(error)
    }
  }

  @Test func aFolderThatIsNotThereAnyMoreIsMissing() {
    let path = TemporaryFolder().path("gone")
    #expect(refusal { _ = try FileManager.default.contentsOfDirectory(atPath: path) } == .missing)
  }

  @Test func aPathThroughAFileIsNotAFolder() throws {
    let file = TemporaryFolder().path("file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    #expect(refusal { _ = try FileManager.default.contentsOfDirectory(atPath: file) } == .notAFolder)
    #expect(
      refusal {
        try FileManager.default.createDirectory(atPath: file + "/in", withIntermediateDirectories: true)
      }
        == .notAFolder)
  }

  /// Foundation says "The operation could not be completed. (NSCocoaErrorDomain error 256.)" for
  /// a loop; the system's own words say what is wrong.
  @Test func aLoopOfSymbolicLinksIsSaidInTheSystemsWords() throws {
    let folder = TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("a"), withDestinationPath: folder.path("b"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("b"), withDestinationPath: folder.path("a"))
    let made = refusal { _ = try FileManager.default.contentsOfDirectory(atPath: folder.path("a")) }
    #expect(made == .other(String(cString: strerror(ELOOP))))
    #expect(made?.description.contains("NSCocoaErrorDomain") == false)
  }

  @Test func anErrorWithoutWordsSaysSoWithoutFoundationsPlaceholder() {
    let made = FileSystemRefusal(CocoaError(.fileReadUnknown))
    #expect(made == .other("the system gave no reason (error 256)"))
    #expect(FileSystemRefusal(CocoaError(.fileReadNoPermission)) == .permissionDenied)
    #expect(FileSystemRefusal(CocoaError(.fileReadNoSuchFile)) == .missing)
  }

  /// A shared folder whose `tracker-sync` is a link — in a loop, to nothing, or to a real folder
  /// elsewhere: the sync fails and says it does not follow links (it read as an empty folder, and
  /// the sync said "nothing in, nothing out"; a link to a folder was written through).
  @Test func aSyncThroughALinkFailsAndSaysWhy() throws {
    let folder = TemporaryFolder()
    let store = try SQLiteTrackerStore(path: folder.path("s.sqlite"), now: Date())
    let share = folder.path("share")
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    _ = try store.sync(folder: share, now: Date())  // joined; nothing to send yet
    let elsewhere = folder.path("elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    for target in ["tracker-sync", "nowhere", elsewhere] {
      try FileManager.default.removeItem(atPath: share + "/tracker-sync")
      try FileManager.default.createSymbolicLink(atPath: share + "/tracker-sync", withDestinationPath: target)
      #expect {
        try store.sync(folder: nil, now: Date())
      } throws: { error in
        error as? SyncError == .folderRefused(share + "/tracker-sync", .link)
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
  }

  /// A shared folder whose `tracker-sync` is a file: the sync says a part of the path is a file
  /// (it said "(NSCocoaErrorDomain error 256.)").
  @Test func aSyncIntoAFolderWhoseLogsAreAFileSaysSo() throws {
    let folder = TemporaryFolder()
    let share = folder.path("share")
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: share + "/tracker-sync"))
    let store = try SQLiteTrackerStore(path: folder.path("s.sqlite"), now: Date())
    #expect {
      try store.sync(folder: share, now: Date())
    } throws: { error in
      guard case .folderRefused(_, let refusal) = error as? SyncError else { return false }
      return refusal == .notAFolder
    }
  }
}
