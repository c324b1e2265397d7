import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TodoStore
@testable import TrackerRecovery
@testable import TrackerSQLite
@testable import TrackerSchema
@testable import TrackerStore

/// Only a file that is recognizably a Tracker store is ever set aside; anything else is refused
/// and left exactly as it was, its name included.
@Suite("SQLite store: which files are Tracker's", .temporaryFolders)
struct StoreFileRecognitionTests {
  /// `body` on another thread, given `seconds` to return: false when it did not (it blocked).
  func returnsInTime(_ seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
      body()
      done.signal()
    }.start()
    return done.wait(timeout: .now() + seconds) == .success
  }

  @Test func aFileOfRandomBytesThatIsNotTheDefaultFileIsRefusedUntouched() throws {
    let folder = TemporaryFolder()
    let path = folder.path("data.bin")
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    try garbage.write(to: URL(fileURLWithPath: path))
    #expect(throws: StoreOpenError.notAStoreFile(path: path, kind: .binary)) {
      try SQLiteTrackerStore(path: path, now: fixedNow)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    #expect(folder.files() == ["data.bin"])
  }

  @Test func aTextFileIsRefusedByTheToDoStoreToo() throws {
    let folder = TemporaryFolder()
    let path = folder.path("notes.txt")
    try Data("milk\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: StoreOpenError.notAStoreFile(path: path, kind: .text)) {
      try SQLiteTodoStore(path: path, now: fixedNow)
    }
    #expect(folder.files() == ["notes.txt"])
  }

  @Test func aPipeIsNeverOpenedSoOpeningNeverBlocks() throws {
    let folder = TemporaryFolder()
    let path = folder.path("pipe")
    #expect(mkfifo(path, 0o644) == 0)
    let refused = returnsInTime(10) {
      #expect(throws: StoreOpenError.notAStoreFile(path: path, kind: .pipe)) {
        try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
      }
    }
    #expect(refused)
    if !refused {
      // Let the blocked opening go before the folder goes.
      let writer = open(path, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
    }
    #expect(folder.files() == ["pipe"])
  }

  @Test func aFolderIsRefusedEvenAsTheDefaultFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: StoreOpenError.notAStoreFile(path: path, kind: .folder)) {
      try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
    }
    #expect(folder.files() == ["tracker.sqlite"])
  }

  @Test func aNewStoreCarriesTrackersApplicationIDAndAnOlderOneWithoutItStillOpens() throws {
    let folder = TemporaryFolder()
    let path = folder.path("habits.sqlite")
    do { try SQLiteTrackerStore(path: path, now: fixedNow).createCategory(home) }
    #expect(FileInspection.inspect(path) == .database(applicationID: 0x5452_4B52))
    // A file from before application ids: 0 in its header, Tracker's migration record inside.
    do {
      let database = try Database(path: path, create: false)
      try database.execute("PRAGMA application_id = 0")
    }
    try FileManager.default.removeItem(atPath: path + ".verified")
    #expect(FileInspection.inspect(path) == .database(applicationID: 0))
    let reopened = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(reopened.recovery == nil)
    #expect(try reopened.categories() == [home])
  }

  @Test func aToDoFileIsNotATrackerFileByItsHeaderAlone() throws {
    let folder = TemporaryFolder()
    let path = folder.path("todo.sqlite")
    do { _ = try SQLiteTodoStore(path: path, now: fixedNow) }
    try FileManager.default.removeItem(atPath: path + ".verified")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    // Named for what it is: the to-do list's file (it was "a database of another program").
    #expect(throws: StoreOpenError.otherAppsFile(path: path, owner: .todo)) {
      try SQLiteTrackerStore(path: path, now: fixedNow, isDefaultFile: true)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aDamagedDatabaseOfUnknownOriginIsRefusedUntouched() throws {
    let folder = TemporaryFolder()
    let path = folder.path("other.db")
    do {
      let database = try Database(path: path, create: true)
      try database.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
      for number in 0..<200 {
        try database.execute(
          "INSERT INTO note (body) VALUES ('\(String(repeating: "x", count: 100)) \(number)')")
      }
    }
    // Its schema page overwritten: nothing says whose it is.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    for offset in 100..<4096 { bytes[offset] = 0xA5 }
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(throws: StoreOpenError.notAStoreFile(path: path, kind: .damagedDatabase)) {
      try SQLiteTrackerStore(path: path, now: fixedNow)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    #expect(folder.files() == ["other.db"])
  }

  @Test func theFirstBytesTellWhatAFileIs() {
    func kind(_ bytes: [UInt8], isWhole: Bool = true) -> FileInspection {
      FileInspection.classify(bytes, isWhole: isWhole)
    }
    #expect(kind(Array("milk\r\n\teggs — яйца\n".utf8)) == .otherFile(.text))
    // A character cut by the end of what was read is still text, unless that was the whole file.
    let cut = Array("яйца".utf8).dropLast()
    #expect(kind(Array(cut), isWhole: false) == .otherFile(.text))
    #expect(kind(Array(cut)) == .otherFile(.binary))
    #expect(kind([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]) == .otherFile(.image))
    #expect(kind([0xFF, 0xD8, 0xFF, 0xE0]) == .otherFile(.image))
    #expect(kind(Array("%PDF-1.7\n".utf8)) == .otherFile(.pdf))
    #expect(kind(Array("PK\u{3}\u{4}rest".utf8)) == .otherFile(.archive))
    #expect(kind([0x1F, 0x8B, 0x08]) == .otherFile(.archive))
    #expect(kind([0x00, 0x01, 0x02]) == .otherFile(.binary))
    #expect(kind([]) == .empty)
    var header = Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0, count: 84)
    header[68...71] = [0x54, 0x4F, 0x44, 0x4F]
    #expect(kind(header) == .database(applicationID: 0x544F_444F))
  }
}

/// A caller that only reads (`stats`, `list`, `show`, `export`, `remind`) never changes the file.
@Suite("SQLite store: opened only to read", .temporaryFolders)
struct ReadOnlyOpeningTests {
  /// A store file as the first version of the schema left it: one category, one habit, a record.
  func firstVersionFile(in folder: TemporaryFolder) throws -> String {
    let path = folder.path("old.sqlite")
    let database = try Database(path: path, create: true)
    try database.execute("PRAGMA journal_mode = WAL")
    try database.execute(Schema.createMigrationTable)
    try database.execute(Schema.migrations[0].sql)
    try database.execute(
      """
      INSERT INTO schema_migration (version, name) VALUES (1, '\(Schema.migrations[0].name)');
      PRAGMA user_version = 1;
      INSERT INTO category (id, title, title_key) VALUES ('\(home.id.uuidString)', '\(home.title)', 'key');
      INSERT INTO tracker (id, name, name_key, emoji, color, category_id, created_day, schedule, record_count,
        first_record_day)
      VALUES ('\(id(10).uuidString)', 'Run', 'run', '🙂', 16598089, '\(home.id.uuidString)',
        \(day("2026-11-01").daysSinceEpoch), NULL, 1, \(day("2026-11-20").daysSinceEpoch));
      INSERT INTO record (tracker, day) VALUES (1, \(day("2026-11-20").daysSinceEpoch));
      """)
    database.close()
    return path
  }

  @Test func aFileOfAnOlderSchemaIsReadThroughACopyAndNeverMigrated() throws {
    let folder = TemporaryFolder()
    let path = try firstVersionFile(in: folder)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow, readOnly: true)
      #expect(store.recovery == nil)
      #expect(try store.categories() == [home])
      #expect(try store.trackers().map(\.tracker.name) == ["Run"])
      #expect(try store.recordDays(trackerID: id(10)) == [day("2026-11-20")])
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(folder.files() == ["old.sqlite"])
    // A command that writes migrates it, and keeps what it holds.
    do {
      let migrated = try SQLiteTrackerStore(path: path, now: fixedNow)
      #expect(try migrated.recordDays(trackerID: id(10)) == [day("2026-11-20")])
    }
    let database = try Database(path: path, create: false)
    #expect(try database.prepare("PRAGMA user_version").rows { $0.int(0) } == [Schema.latestVersion])
  }

  @Test func aFileInRollbackJournalModeStaysInIt() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    do { try SQLiteTrackerStore(path: path, now: fixedNow).createCategory(home) }
    do {
      let database = try Database(path: path, create: false)
      try database.execute("PRAGMA journal_mode = DELETE")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    do {
      let store = try SQLiteTrackerStore(path: path, now: fixedNow, readOnly: true)
      #expect(try store.categories() == [home])
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func aMissingFileIsNeverCreatedNorItsFolder() throws {
    let folder = TemporaryFolder()
    let path = folder.path("typo/tracker.sqlite")
    #expect(throws: StoreOpenError.self) { try SQLiteTrackerStore(path: path, now: fixedNow, readOnly: true) }
    #expect(throws: StoreOpenError.self) { try SQLiteTodoStore(path: path, now: fixedNow, readOnly: true) }
    #expect(folder.files() == [])
  }
}
