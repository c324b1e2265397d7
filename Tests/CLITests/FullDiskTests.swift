import CSQLite
import Foundation
import TestSupport
import Testing

/// A disk that takes no more bytes — full, or past the file size limit — still reads: `stats`,
/// `list`, `show` and `export` (to standard output or another disk) work as before, so a backup
/// can be made when it is most needed. What a read would write (SQLite's `-shm` index, the
/// quick-open stamp, a checkpoint) is left out, never a failure of the read.
@Suite("A full disk still reads", .temporaryFolders)
struct FullDiskTests {
  static let archive = """
    {"format": "tracker", "version": 1,
     "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Спорт"}],
     "trackers": [{"id": "00000000-0000-4000-8000-000000000002", "name": "Бег", "emoji": "🙂",
                   "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001",
                   "schedule": ["mon", "wed", "fri"], "pinned": false, "created": "2026-11-01"}],
     "records": [{"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-11-30"},
                 {"tracker": "00000000-0000-4000-8000-000000000002", "date": "2026-12-02"}]}
    """

  /// The commands that only read, each as the user types it.
  static let readings: [[String]] = [
    ["stats"], ["stats", "--json"], ["list"], ["list", "--json"], ["show", "trackers"],
    ["show", "statistics"],
    ["export"],
  ]

  /// A store holding the archive at `store`.
  func makeStore(_ store: String, folder: URL) async throws {
    let archive = folder.appendingPathComponent("backup.json")
    try Data(Self.archive.utf8).write(to: archive)
    let made = try await runCLI(["import", archive.path, "--store", store] + fileTestsDay)
    #expect(made.status == 0, "\(made.error)")
    try FileManager.default.removeItem(at: archive)
  }

  /// What each reading command prints for `store` (all must succeed).
  func outputs(
    _ store: String, run: ([String]) async throws -> (status: Int32, output: String, error: String)
  ) async rethrows -> [String] {
    var outputs: [String] = []
    for command in Self.readings {
      let result = try await run(command + ["--store", store, "--lang", "en"] + fileTestsDay)
      #expect(result.status == 0, "\(command): \(result.error)")
      #expect(result.error == "", "\(command)")
      outputs.append(result.output)
    }
    return outputs
  }

  @Test func pastTheFileSizeLimitEveryCommandThatOnlyReadsWorks() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    try await makeStore(store, folder: folder)
    let before = try await outputs(store, run: { try await runCLI($0) })
    #expect(before[0].contains("Бег"))
    // `ulimit -f 0`: not a byte more in any file (EFBIG), SQLite's `-shm` index included.
    let binary = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    let limited = try await outputs(store) { arguments in
      let quoted = ([binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
      return try await runProgramAside(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 0; exec \(quoted)"])
    }
    #expect(limited == before)
  }

  /// The names in `folder`, sorted.
  func names(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func pastTheFileSizeLimitACommandThatOnlyReadsLeavesNoNewFileBehind() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    try await makeStore(store, folder: folder)
    let before = try names(folder.path)
    #expect(!before.contains { $0.hasSuffix("-shm") || $0.hasSuffix("-wal") }, "\(before)")
    let binary = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    for command in Self.readings {
      let quoted = ([binary] + command + ["--store", store] + fileTestsDay).map { "'" + $0 + "'" }
        .joined(separator: " ")
      let limited = try await runProgramAside(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 0; exec \(quoted)"])
      #expect(limited.status == 0, "\(command): \(limited.error)")
      // Neither an empty log nor an index SQLite could not size stays beside the file (the
      // quick-open stamp may go: `export` runs the full check, and its new stamp finds no room).
      #expect(Set(try names(folder.path)).subtracting(before).isEmpty, "\(command)")
    }
  }

  /// A command that writes, past the file size limit: it says the disk or the limit refused (not
  /// "check that the folder is writable": it is), in both languages, changes nothing and leaves
  /// no new file beside the store.
  @Test(arguments: [
    ("en", "Error: cannot open the data file %@: the disk is full or a file size limit is reached."),
    ("ru", "Ошибка: не удаётся открыть файл с данными %@: диск заполнен или достигнут предел размера файла."),
  ])
  func pastTheFileSizeLimitACommandThatWritesSaysThereIsNoRoom(language: String, said: String) async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    try await makeStore(store, folder: folder)
    let before = try names(folder.path)
    let exported = try await runCLI(["export", "--store", store] + fileTestsDay)
    let binary = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    let command = [binary, "done", "Бег", "--store", store, "--lang", language] + fileTestsDay
    let quoted = command.map { "'" + $0 + "'" }.joined(separator: " ")
    let limited = try await runProgramAside(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 0; exec \(quoted)"])
    #expect(limited.status == 1)
    #expect(limited.error.hasPrefix(said.replacingOccurrences(of: "%@", with: store)), "\(limited.error)")
    #expect(try names(folder.path) == before)
    #expect(try await runCLI(["export", "--store", store] + fileTestsDay).output == exported.output)
  }

  /// Runs `body` on a store holding the archive on a 1 MiB tmpfs (unmounted after), with the
  /// folder the tmpfs is in.
  func onTinyDisk(_ body: (_ store: String, _ disk: TinyDisk, _ folder: URL) async throws -> Void)
    async throws
  {
    let folder = TemporaryFolder().url
    let disk = try TinyDisk(at: folder.appendingPathComponent("disk"))
    defer { disk.unmount() }
    let store = disk.path + "/tracker.sqlite"
    try await makeStore(store, folder: folder)
    try await body(store, disk, folder)
  }

  @Test(.enabled(if: TinyDisk.canMount, "needs root allowed to mount a tmpfs (checked by mounting one)"))
  func onAFullDiskACommandThatOnlyReadsLeavesNoNewFileBehind() async throws {
    try await onTinyDisk { store, disk, _ in
      try disk.fill()
      let before = try names(disk.path)
      for command in Self.readings {
        let result = try await runCLI(command + ["--store", store, "--lang", "en"] + fileTestsDay)
        #expect(result.status == 0, "\(command): \(result.error)")
        #expect(Set(try names(disk.path)).subtracting(before).isEmpty, "\(command)")
      }
    }
  }

  @Test func pastTheFileSizeLimitTheCommitsStillInTheLogAreRead() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    try await makeStore(store, folder: folder)
    // Another program's read keeps three dones in the log; the files are copied as they are then
    // (a log with its index, nobody using them): what a crash leaves.
    var reader: OpaquePointer?
    #expect(sqlite3_open_v2(store, &reader, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
    #expect(sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM sqlite_schema;", nil, nil, nil) == SQLITE_OK)
    for date in ["2026-11-20", "2026-11-23", "2026-11-25"] {
      #expect(try await runCLI(["done", "Бег", "--date", date, "--store", store] + fileTestsDay).status == 0)
    }
    let copy = folder.appendingPathComponent("copy.sqlite").path
    for suffix in ["", "-wal", "-shm"] {
      try FileManager.default.copyItem(atPath: store + suffix, toPath: copy + suffix)
    }
    sqlite3_exec(reader, "COMMIT", nil, nil, nil)
    sqlite3_close(reader)
    #expect((try FileManager.default.attributesOfItem(atPath: copy + "-wal")[.size] as? Int ?? 0) > 32)
    let binary = Bundle.main.bundleURL.appendingPathComponent("tracker-preview").path
    let quoted = ([binary, "stats", "--json", "--store", copy] + fileTestsDay).map { "'" + $0 + "'" }
      .joined(separator: " ")
    let limited = try await runProgramAside(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 0; exec \(quoted)"])
    #expect(limited.status == 0, "\(limited.error)")
    let whole = try await runCLI(["stats", "--json", "--store", store] + fileTestsDay)
    #expect(whole.output.contains("\"completed\": 5"), "\(whole.output)")
    #expect(limited.output == whole.output)
  }

  @Test(.enabled(if: TinyDisk.canMount, "needs root allowed to mount a tmpfs (checked by mounting one)"))
  func onAFullDiskEveryCommandThatOnlyReadsWorksAndExportsToAnotherDisk() async throws {
    try await onTinyDisk { store, disk, folder in
      let before = try await outputs(store, run: { try await runCLI($0) })
      try disk.fill()
      #expect(try await outputs(store, run: { try await runCLI($0) }) == before)
      // A backup onto another disk, and the data file as it was.
      let backup = folder.appendingPathComponent("backup.json").path
      let export = try await runCLI(
        ["export", "--store", store, "--output", backup, "--lang", "en"] + fileTestsDay)
      #expect(export.status == 0, "\(export.error)")
      #expect(
        try String(contentsOfFile: backup, encoding: .utf8)
          == before[Self.readings.firstIndex(of: ["export"])!])
      // A write is still refused out loud.
      let done = try await runCLI(["done", "Бег", "--store", store, "--lang", "en"] + fileTestsDay)
      #expect(done.status == 1)
      #expect(done.error.hasPrefix("Error: "))
    }
  }
}

/// A small tmpfs mounted for one test (root only), filled up on demand, unmounted after.
struct TinyDisk {
  let path: String

  /// Whether this process may mount one: root, and a trial mount works (a container may refuse).
  static let canMount: Bool = {
    guard getuid() == 0 else { return false }
    return TemporaryFolder.around { trial in
      guard mount("tmpfs", trial.path, "tmpfs", 0, "size=64k") == 0 else { return false }
      umount(trial.path)
      return true
    }
  }()

  /// Mounts a 1 MiB tmpfs at `url` (created).
  init(at url: URL) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    guard mount("tmpfs", url.path, "tmpfs", 0, "size=1m") == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
    }
    path = url.path
  }

  /// Writes a file until the disk takes no more.
  func fill() throws {
    let descriptor = open(path + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let block = [UInt8](repeating: 0, count: 4096)
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    #expect(errno == ENOSPC)
  }

  /// Unmounts the disk, trying again for a moment while it is busy (EBUSY). Nothing of the test
  /// is open on it by then, but a program another test starts at the same moment is forked with a
  /// copy of this process's descriptors and holds them until its own `exec`: a directory the last
  /// look opened can be held for a moment after it was closed here.
  func unmount() {
    var failure: Int32?
    for _ in 0..<250 {
      if umount(path) == 0 { return }
      failure = errno
      guard failure == EBUSY else { break }
      usleep(20_000)
    }
    Issue.record("umount \(path): errno \(failure ?? 0)")
  }
}
