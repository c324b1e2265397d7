import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerModels

@testable import TodoModels
@testable import TodoStore
@testable import TrackerRecovery
@testable import TrackerSQLite
@testable import TrackerStore

@Suite("Setting a broken file aside", .temporaryFolders)
struct SettingAsideTests {
  @Test(arguments: [200, 247])
  func aStoreWithAVeryLongNameIsSetAsideUnderAShorterName(length: Int) throws {
    let folder = TemporaryFolder()
    let name = String(repeating: "h", count: length - 7) + ".sqlite"
    let path = folder.path(name)
    let before = try filledStore(path, trackers: 2, days: 5)
    try tamper(path, "UPDATE day_summary SET records = records + 1")
    let damaged = try bytes(path)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    let aside = (recovery.movedTo as NSString).lastPathComponent
    #expect(aside.utf8.count + 4 <= 255)
    #expect(aside.hasSuffix(".broken-20261130T103000Z"))
    #expect((recovery.movedTo as NSString).deletingLastPathComponent == folder.url.path)
    #expect(try bytes(recovery.movedTo) == damaged)
    #expect(try store.contents() == before)
    for file in folder.files() {
      let size = try FileManager.default.attributesOfItem(atPath: folder.path(file))[.size] as? Int
      #expect(size != 0 || file.hasSuffix("-wal"), "\(file) is empty")
    }
  }

  @Test func aNameTooLongForANewStoreLeavesTheBrokenFileInPlaceAndNoEmptyFile() throws {
    let folder = TemporaryFolder()
    let short = folder.path("tracker.sqlite")
    let before = try filledStore(short, trackers: 2, days: 5)
    try tamper(short, "UPDATE day_summary SET records = records + 1")
    // 251 bytes: SQLite cannot make the `-journal` of a new file of that name.
    let path = folder.path(String(repeating: "h", count: 244) + ".sqlite")
    try FileManager.default.moveItem(atPath: short, toPath: path)
    let damaged = try bytes(path)
    #expect(throws: StoreOpenError.self) { try SQLiteTrackerStore(path: path, now: fixedNow) }
    #expect(try bytes(path) == damaged)
    #expect(
      folder.files().filter { !$0.hasPrefix("tracker.sqlite") } == [(path as NSString).lastPathComponent])
    // A new store of that name is refused before any file is made.
    let fresh = folder.path(String(repeating: "n", count: 244) + ".sqlite")
    #expect(throws: StoreOpenError.self) { try SQLiteTrackerStore(path: fresh, now: fixedNow) }
    #expect(!FileManager.default.fileExists(atPath: fresh))
    _ = before
  }

  @Test func aReadOnlyDamagedFileKeepsItsModeOnTheNewFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path("tracker.sqlite")
    let before = try filledStore(path, trackers: 2, days: 5)
    try tamper(path, "UPDATE day_summary SET records = records + 1")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let store = try SQLiteTrackerStore(path: path, now: fixedNow)
    #expect(store.recovery != nil)
    #expect(try store.contents() == before)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o444)
  }
}

@Suite("To-do salvage reads past damage and reads its log", .temporaryFolders)
struct TodoSalvageTests {
  func task(_ number: Int) -> TodoTask {
    TodoTask(
      id: id(number), title: "Task \(number)",
      text: "Something to do, number \(number), written out at some length so the tasks fill many pages",
      isDone: number % 3 == 0, created: Date(timeIntervalSince1970: 1_790_000_000 + Double(number) * 60),
      remoteID: number)
  }

  @Test func todoSalvageContinuesPastTheFirstDamage() throws {
    let folder = TemporaryFolder()
    let path = folder.path("todo.sqlite")
    do {
      let store = try SQLiteTodoStore(path: path, now: fixedNow)
      for number in 1...300 { try store.createTask(task(number)) }
    }
    let (size, root) = try rootPage(path, "task")
    // The root of a `WITHOUT ROWID` table holds whole rows too: those are lost with it.
    let page = [UInt8](try bytes(path))[(root - 1) * size..<root * size]
    let onRoot = Int(page[page.startIndex + 3]) << 8 | Int(page[page.startIndex + 4])
    #expect(page[page.startIndex] == 0x02 && onRoot > 0)
    try zeroPage(path, root, size: size)
    let store = try SQLiteTodoStore(path: path, now: fixedNow)
    let recovery = try #require(store.recovery)
    #expect(recovery.savedTasks == 300 - onRoot)
    #expect(Set(try store.tasks()).isSubset(of: Set((1...300).map(task))))
  }

  @Test func todoSalvageReadsTheCommitsInItsLog() throws {
    let folder = TemporaryFolder()
    let live = folder.path("live.sqlite")
    let store = try SQLiteTodoStore(path: live, now: fixedNow)
    for number in 1...5 { try store.createTask(task(number)) }
    let crashed = folder.path("todo.sqlite")
    try FileManager.default.copyItem(atPath: live, toPath: crashed)
    try FileManager.default.copyItem(atPath: live + "-wal", toPath: crashed + "-wal")
    withExtendedLifetime(store) {}
    // A bit flipped in the log's last-but-one commit: SQLite would drop it and the one after.
    var log = [UInt8](try bytes(crashed + "-wal"))
    func word(_ at: Int) -> Int {
      Int(log[at]) << 24 | Int(log[at + 1]) << 16 | Int(log[at + 2]) << 8 | Int(log[at + 3])
    }
    let frameSize = 24 + word(8)
    let commits = stride(from: 32, through: log.count - frameSize, by: frameSize).filter { word($0 + 4) != 0 }
    log[commits[commits.count - 2] + 24 + 100] ^= 0x10
    try Data(log).write(to: URL(fileURLWithPath: crashed + "-wal"))
    let recovered = try SQLiteTodoStore(path: crashed, now: fixedNow)
    let recovery = try #require(recovered.recovery)
    // The three tasks committed before the damage are only in the log.
    #expect(recovery.savedTasks == 3)
    #expect(Set(try recovered.tasks()) == Set((1...3).map(task)))
  }
}
