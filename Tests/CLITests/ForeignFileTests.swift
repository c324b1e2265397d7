import CSQLite
import Foundation
import TestSupport
import Testing

/// A day that is not a Monday, so nothing here leans on the demo's Monday.
let fileTestsDay = ["--today", "2026-12-03", "--time-zone", "Europe/Moscow"]

/// Runs the built `tracker-preview` like `runCLI`, but gives up after `timeout` seconds (the
/// process is stopped and `status` is nil): a command that blocks on a pipe fails the test
/// instead of hanging it.
func runCLIGuarded(
  _ arguments: [String], timeout: TimeInterval, input: String = "", environment: [String: String] = [:]
) async throws -> (status: Int32?, output: String, error: String) {
  try await aside {
    try runProgram(
      builtProduct("tracker-preview"), arguments, environment: environment, input: input, timeout: timeout)
  }
}

/// Every command, pointed at a file that is not a Tracker store by a typo or a wrong path, refuses
/// it and leaves it exactly as it was: same name, same bytes, nothing beside it.
@Suite("Files that are not Tracker stores are left alone", .temporaryFolders)
struct ForeignFileTests {
  /// What a user may point `--store` at by mistake.
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case text, randomBytes, picture, otherProgramsDatabase, pipe, folder

    var testDescription: String { rawValue }

    /// The file's name.
    var name: String {
      switch self {
      case .text: return "notes.txt"
      case .randomBytes: return "data.bin"
      case .picture: return "photo.png"
      case .otherProgramsDatabase: return "notes.db"
      case .pipe: return "pipe"
      case .folder: return "folder"
      }
    }

    /// What the refusal calls it, by language.
    func called(_ language: String) -> String? {
      let words: [Kind: (String, String)] = [
        .text: ("a text file", "текстовый файл"),
        .randomBytes: ("data of an unknown kind", "данные неизвестного вида"),
        .picture: ("a picture", "изображение"), .pipe: ("a named pipe", "именованный канал"),
        .folder: ("a folder", "папка"),
      ]
      return words[self].map { language == "ru" ? $0.1 : $0.0 }
    }

    /// Makes the file at `path`.
    func make(at path: String) throws {
      let url = URL(fileURLWithPath: path)
      switch self {
      case .text:
        try Data("milk\neggs\nbread — и хлеб\n".utf8).write(to: url)
      case .randomBytes:
        // Seeded bytes that begin with no known signature.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<4096).map { index -> UInt8 in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return index < 2 ? UInt8(index) : UInt8(truncatingIfNeeded: state >> 33)
        }
        try Data(bytes).write(to: url)
      case .picture:
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 200)).write(
          to: url)
      case .otherProgramsDatabase:
        var database: OpaquePointer?
        guard sqlite3_open(path, &database) == SQLITE_OK else { throw POSIXError(.EIO) }
        defer { sqlite3_close(database) }
        let sql =
          "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note (body) VALUES ('milk');"
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw POSIXError(.EIO) }
      case .pipe:
        guard mkfifo(path, 0o644) == 0 else { throw POSIXError(.EIO) }
      case .folder:
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: url.appendingPathComponent("inside.txt"))
      }
    }
  }

  /// What is in `folder`, every file's bytes by its path (a folder's inside too).
  func snapshot(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let manager = FileManager.default
    for name in try manager.subpathsOfDirectory(atPath: folder.path) {
      let path = folder.appendingPathComponent(name).path
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      result[name] =
        info.st_mode & S_IFMT == S_IFREG ? try Data(contentsOf: URL(fileURLWithPath: path)) : Data()
    }
    return result
  }

  /// The refusal, one line, in `language`.
  func refusal(_ kind: Kind, path: String, language: String) -> String {
    guard let called = kind.called(language) else {
      return language == "ru"
        ? "Ошибка: \(path) — база данных другой программы, а не файл Трекера; он оставлен как есть. Укажите другой файл через --store\n"
        : "Error: \(path) is a database of another program, not a Tracker data file; it was left untouched. Choose another file with --store\n"
    }
    return language == "ru"
      ? "Ошибка: \(path) — не файл с данными Трекера (это \(called)); ничего не изменено. Укажите другой файл через --store\n"
      : "Error: \(path) is not a Tracker data file (it is \(called)); nothing was changed. Choose another file with --store\n"
  }

  @Test(arguments: Kind.allCases, ["en", "ru"])
  func everyCommandRefusesItSaysWhatTheFileIsAndLeavesItByteForByte(kind: Kind, language: String) async throws
  {
    let folder = TemporaryFolder().url
    let path = folder.appendingPathComponent(kind.name).path
    try kind.make(at: path)
    let archives = TemporaryFolder().url
    let archive = archives.appendingPathComponent("backup.json")
    try Data(
      """
      {"format": "tracker", "version": 1, "categories": [], "trackers": [], "records": []}
      """.utf8
    ).write(to: archive)
    let before = try snapshot(folder)
    let commands: [(arguments: [String], input: String)] = [
      (["list"], ""), (["stats"], ""), (["stats", "--json"], ""), (["show", "trackers"], ""),
      (["show", "statistics", "--elements"], ""), (["export"], ""), (["done", "Бег"], ""),
      (["undone", "Бег"], ""), (["import", archive.path], ""), (["run", "-"], "print\n"),
      (["remind", "--at", "00:00"], ""), (["--app", "todo", "show", "todos"], ""),
      (["--app", "todo", "run", "-"], "print\n"),
    ]
    for command in commands {
      let result = try await runCLIGuarded(
        command.arguments + ["--store", path, "--lang", language] + fileTestsDay, timeout: 20,
        input: command.input)
      #expect(result.status == 1, "\(command.arguments): \(result.error)")
      #expect(result.output == "", "\(command.arguments)")
      #expect(result.error == refusal(kind, path: path, language: language), "\(command.arguments)")
      #expect(try snapshot(folder) == before, "\(command.arguments) changed the folder")
    }
    // Its name is kept, and nothing was set aside.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [kind.name])
  }

  @Test func aLinkToNothingIsRefusedAndNothingIsCreatedThrough() async throws {
    let folder = TemporaryFolder().url
    let link = folder.appendingPathComponent("tracker.sqlite").path
    let target = folder.appendingPathComponent("gone.sqlite").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    for command in [["list"], ["done", "Бег"]] {
      let result = try await runCLIGuarded(
        command + ["--store", link, "--lang", "en"] + fileTestsDay, timeout: 20)
      #expect(result.status == 1)
      #expect(
        result.error
          == "Error: \(link) is not a Tracker data file (it is a link to a file that does not exist); nothing was changed. Choose another file with --store\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func commandsThatOnlyReadCreateNothingForAMissingStore() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("typo/tracker.sqlite").path
    for command in [
      ["stats"], ["stats", "--json"], ["list"], ["list", "--json"], ["export"], ["show", "trackers"],
      ["show", "settings", "--elements"], ["remind", "--at", "00:00"], ["--app", "todo", "show", "todos"],
    ] {
      // A --store that names nothing is a typo: refused, nothing made.
      let result = try await runCLIGuarded(command + ["--store", store] + fileTestsDay, timeout: 20)
      #expect(result.status == 1, "\(command): \(result.error)")
      #expect(
        result.error.hasPrefix("Error: there is no data file at \(store)"), "\(command): \(result.error)")
      // The default data file missing is a first use: an empty store, nothing made either.
      let data = folder.appendingPathComponent("data").path
      let first = try await runCLIGuarded(
        command + fileTestsDay, timeout: 20, environment: ["XDG_DATA_HOME": data])
      #expect(first.status == 0, "\(command): \(first.error)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test func commandsThatOnlyReadLeaveAnExistingStoreAsItWasWithNoSideFiles() async throws {
    let folder = TemporaryFolder().url
    let store = folder.appendingPathComponent("tracker.sqlite").path
    let made = try await runCLIGuarded(
      ["run", "-", "--store", store, "--lang", "en"] + fileTestsDay, timeout: 20,
      input: "tap #start\ntap #add\ntap #event\ntap #name\ntype \"Walk\"\ntap #category\ntap #add-category\n"
        + "tap #title\ntype \"Outside\"\ntap #done\ntap #category:Outside\ntap #emoji:1\ntap #color:1\ntap #create\n"
    )
    #expect(made.status == 0, "\(made.error)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
    for command in [["stats"], ["list"], ["export"], ["show", "trackers"], ["remind", "--at", "00:00"]] {
      let result = try await runCLIGuarded(command + ["--store", store] + fileTestsDay, timeout: 20)
      #expect(result.status == 0, "\(command): \(result.error)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names, "\(command)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes, "\(command)")
    }
  }

  @Test(arguments: ["en", "ru"])
  func aRefusedImportIntoAMissingStoreCreatesNothing(language: String) async throws {
    let folder = TemporaryFolder().url
    let bad = folder.appendingPathComponent("bad.json")
    try Data(#"{"format": "tracker", "version": 1, "categories": [{"id": "nope", "title": "X"}]}"#.utf8)
      .write(to: bad)
    let data = TemporaryFolder().url
    // A --store path in a folder that does not exist yet, and the default data file.
    let store = data.appendingPathComponent("new/tracker.sqlite").path
    let named = try await runCLIGuarded(
      ["import", bad.path, "--store", store, "--lang", language] + fileTestsDay, timeout: 20)
    #expect(named.status == 1)
    #expect(
      named.error.hasPrefix(
        language == "ru"
          ? "Ошибка: \(bad.path) не импортирован, ничего не изменилось:\ncategories[0].id: "
          : "Error: \(bad.path) was not imported; nothing changed:\ncategories[0].id: "), "\(named.error)")
    let byDefault = try await runCLIGuarded(
      ["import", bad.path, "--lang", language] + fileTestsDay, timeout: 20,
      environment: ["XDG_DATA_HOME": data.path])
    #expect(byDefault.status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == [])
    // A valid archive still makes the store.
    let good = folder.appendingPathComponent("good.json")
    try Data(#"{"format": "tracker", "version": 1, "categories": [], "trackers": [], "records": []}"#.utf8)
      .write(to: good)
    // A valid archive still makes the store, in a folder that exists (only the default data file's
    // folders are ever made).
    let refused = try await runCLIGuarded(
      ["import", good.path, "--store", store] + fileTestsDay, timeout: 20)
    #expect(refused.status == 1 && refused.error.contains("there is no folder"), "\(refused.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == [])
    try FileManager.default.createDirectory(
      at: data.appendingPathComponent("new"), withIntermediateDirectories: false)
    #expect(
      try await runCLIGuarded(["import", good.path, "--store", store] + fileTestsDay, timeout: 20).status == 0
    )
    #expect(FileManager.default.fileExists(atPath: store))
  }
}
