import Foundation
import LocalHTTPServer
import TestSupport
import Testing

/// `tracker-preview --app todo` (seed 003) as a user runs it: the starting tasks loaded once from a
/// server of our own on 127.0.0.1, then kept; a fresh store without a server; `show` and `tour`.
@Suite("tracker-preview --app todo", .temporaryFolders)
struct TodoCLITests {
  static let page = todosPage(
    [(1, "Buy milk", false), (2, "Call mom", true), (3, "Fix the bike", false)], total: 3, skip: 0, limit: 30)

  /// A script run against `store` with the to-do app; the server address, when given.
  func runTodo(_ script: String, store: URL, url: URL?, language: String = "en", extra: [String] = [])
    async throws -> (status: Int32, output: String, error: String)
  {
    let file = store.deletingLastPathComponent().appendingPathComponent("script-\(UUID().uuidString).txt")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return try await runCLI(
      ["--app", "todo", "run", file.path, "--store", store.path, "--lang", language, "--color", "never"]
        + (url.map { ["--todos-url", $0.absoluteString] } ?? []) + extra + fixed)
  }

  /// An address nobody listens on: a server's, after it stopped.
  func deadURL() throws -> URL {
    let server = try LocalHTTPServer { _ in .init(body: "") }
    server.stop()
    return server.url
  }

  @Test func theStartingTasksAreLoadedOnceThenTheAppWorksWithTheServerStopped() async throws {
    let server = try LocalHTTPServer { _ in .init(body: Self.page) }
    let store = TemporaryFolder().url.appendingPathComponent("todo.sqlite")
    let first = try await runTodo(
      """
      expect screen todos
      expect text "Buy milk"
      expect checked #todo:Call mom
      expect unchecked #todo:Buy milk
      tap #add
      expect screen todo-form
      expect disabled #done
      tap #text
      type "Water the plants"
      expect enabled #done
      tap #done
      expect screen todos
      print
      """, store: store, url: server.url)
    #expect(first.status == 0, "\(first.error)")
    let lines = first.output.split(separator: "\n").map(String.init)
    // Newest first: the task just made above the loaded ones, which keep the server's order.
    let order = ["Water the plants", "Buy milk", "Call mom", "Fix the bike"].map { name in
      lines.firstIndex { $0.contains(name) } ?? -1
    }
    #expect(order == order.sorted() && !order.contains(-1), "\(first.output)")
    let requestsAfterFirst = server.requests.count
    #expect(requestsAfterFirst >= 1)

    // A second launch with the server still there does not load again: the store has tasks.
    let second = try await runTodo("expect text \"Water the plants\"\n", store: store, url: server.url)
    #expect(second.status == 0, "\(second.error)")
    #expect(server.requests.count == requestsAfterFirst)

    server.stop()
    let third = try await runTodo(
      """
      expect no-text "Couldn't load tasks"
      tap #todo:Buy milk
      expect screen todo-edit
      tap #completed
      tap #save
      expect checked #todo:Buy milk
      swipe left #todo:Fix the bike
      tap #confirm
      expect no-text "Fix the bike"
      expect text "Water the plants"
      """, store: store, url: server.url)
    #expect(third.status == 0, "\(third.error)")
  }

  @Test(arguments: [
    ("en", "Couldn't load tasks", "Try again", "The server %@ refused the connection."),
    ("ru", "Не удалось загрузить задачи", "Повторить", "Сервер %@ отказал в подключении."),
  ])
  func aFreshStoreWithoutAServerShowsTheErrorAndStillAddsTasks(
    _ language: String, _ failed: String, _ retry: String, _ reasonFormat: String
  ) async throws {
    let store = TemporaryFolder().url.appendingPathComponent("todo.sqlite")
    let dead = try deadURL()
    // Nothing listens on the port: the server refused, which is not "no connection to the internet".
    let reason = reasonFormat.replacingOccurrences(of: "%@", with: "127.0.0.1:\(dead.port ?? 0)")
    let result = try await runTodo(
      """
      expect text "\(failed)"
      expect text "\(reason)"
      expect no-text "internet"
      expect no-text "интернет"
      expect enabled "\(retry)"
      tap #retry
      expect text "\(failed)"
      tap #add
      tap #text
      type "Offline task"
      tap #done
      expect text "Offline task"
      """, store: store, url: dead, language: language)
    #expect(result.status == 0, "\(result.error)")
    // The task was kept: the next launch shows it and does not try the network again.
    let next = try await runTodo(
      "expect text \"Offline task\"\nexpect no-text \"\(failed)\"\n", store: store, url: try deadURL(),
      language: language)
    #expect(next.status == 0, "\(next.error)")
  }

  @Test func aServerErrorIsShownInWordsAndAScriptCanWaitForTheLoad() async throws {
    let server = try LocalHTTPServer { _ in .init(status: 503, body: "{}", delay: 0.3) }
    let result = try await runTodo(
      "expect text \"The server answered with error 503.\"\n",
      store: TemporaryFolder().url.appendingPathComponent("t.sqlite"),
      url: server.url)
    #expect(result.status == 0, "\(result.error)")
  }

  /// A failure libcurl names in its own words (here a redirect loop): the reason is a sentence in
  /// the run's language with those words in it, not the words alone.
  @Test(arguments: [
    ("en", "The request to the server failed (Number of redirects hit maximum amount)."),
    ("ru", "Запрос к серверу не удался (Number of redirects hit maximum amount)."),
  ])
  func aFailureTheNetworkLibraryNamesIsSaidInTheRunsLanguage(language: String, reason: String) async throws {
    let server = try LocalHTTPServer { target in
      var response = LocalHTTPServer.Response(status: 302, body: "")
      response.headers = ["Location": target]
      return response
    }
    defer { server.stop() }
    let folder = TemporaryFolder().url
    let result = try await runTodo(
      "expect screen todos\nprint\n", store: folder.appendingPathComponent("t.sqlite"), url: server.url,
      language: language, extra: ["--width", "120"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains(reason), "\(result.output)")
    #expect(server.requests.count > 1)
  }

  @Test func theAddressComesFromTodosURLWhenNoOptionGivesIt() async throws {
    let server = try LocalHTTPServer { _ in .init(body: Self.page) }
    let folder = TemporaryFolder().url
    let script = folder.appendingPathComponent("s.txt")
    try "expect text \"Fix the bike\"\n".write(to: script, atomically: true, encoding: .utf8)
    let result = try await runCLI(
      ["--app", "todo", "run", script.path, "--store", folder.appendingPathComponent("t.sqlite").path]
        + fixed,
      environment: ["TODOS_URL": server.url.absoluteString])
    #expect(result.status == 0, "\(result.error)")
    #expect(server.requests.first?.hasPrefix("/todos") == true)
  }

  @Test(arguments: [
    (
      ["--todos-url", "ftp://example.com/todos"], [String: String](), "en",
      "Error: The value 'ftp://example.com/todos' is invalid for '--todos-url'"
    ),
    ([], ["TODOS_URL": "not an address"], "en", "is invalid for 'TODOS_URL'"),
    (["--todos-url", "dummyjson.com"], [:], "ru", "адрес http или https"),
  ])
  func aBadAddressIsABadUsage(
    _ options: [String], _ environment: [String: String], _ language: String, _ message: String
  )
    async throws
  {
    let folder = TemporaryFolder().url
    let result = try await runCLI(
      [
        "--app", "todo", "run", "-", "--store", folder.appendingPathComponent("t.sqlite").path, "--lang",
        language,
      ]
        + options,
      environment: environment, input: "print\n")
    #expect(result.status == 64)
    #expect(result.error.contains(message), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.sqlite").path))
  }

  @Test func theDataFileIsTodoSqliteBesideTheTrackersByDefault() async throws {
    let home = TemporaryFolder().url
    let result = try await runCLI(
      ["--app", "todo", "run", "-", "--todos-url", try deadURL().absoluteString] + fixed,
      environment: ["XDG_DATA_HOME": home.path], input: "tap #add\ntap #text\ntype \"Kept\"\ntap #done\n")
    #expect(result.status == 0, "\(result.error)")
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("tracker/todo.sqlite").path))
    #expect(
      !FileManager.default.fileExists(atPath: home.appendingPathComponent("tracker/tracker.sqlite").path))
    let shown = try await runCLI(
      ["--app", "todo", "show", "todos", "--color", "never"], environment: ["XDG_DATA_HOME": home.path])
    #expect(shown.status == 0 && shown.output.contains("Kept"), "\(shown.error)")
  }

  @Test func showNeverLoadsNorWrites() async throws {
    let server = try LocalHTTPServer { _ in .init(body: Self.page) }
    let folder = TemporaryFolder().url
    let missing = folder.appendingPathComponent("none.sqlite")
    // A first use (the default file is not there): the empty list, nothing loaded or made.
    let home = ["XDG_DATA_HOME": missing.path]
    let empty = try await runCLI(
      ["--app", "todo", "show", "todos", "--todos-url", server.url.absoluteString] + fixed, environment: home)
    #expect(empty.status == 0 && empty.output.contains("No tasks yet"), "\(empty.error)")
    #expect(!FileManager.default.fileExists(atPath: missing.path))
    #expect(server.requests.isEmpty)
    let noTask = try await runCLI(
      ["--app", "todo", "show", "todo-edit", "--lang", "ru"] + fixed, environment: home)
    #expect(noTask.status == 1 && noTask.error.contains("в списке нет задач"), "\(noTask.error)")
    // A --store that names nothing is refused, and still nothing is made.
    let typo = try await runCLI(
      ["--app", "todo", "show", "todos", "--store", missing.path, "--lang", "ru"] + fixed)
    #expect(
      typo.status == 1 && typo.error.hasPrefix("Ошибка: файла данных \(missing.path) нет"), "\(typo.error)")
    #expect(!FileManager.default.fileExists(atPath: missing.path))

    let store = folder.appendingPathComponent("todo.sqlite")
    let made = try await runTodo(
      "tap #add\ntap #text\ntype \"Pay rent\"\ntap #done\n", store: store, url: try deadURL())
    #expect(made.status == 0, "\(made.error)")
    let before = try Data(contentsOf: store)
    let edit = try await runCLI(
      ["--app", "todo", "show", "todo-edit", "--store", store.path, "--elements"] + fixed)
    #expect(edit.status == 0, "\(edit.error)")
    #expect(edit.output.contains(#"#text "Pay rent" text-field"#) && edit.output.contains("#completed"))
    let form = try await runCLI(
      ["--app", "todo", "show", "todo-form", "--store", store.path, "--lang", "ru"] + fixed)
    #expect(form.status == 0 && form.output.contains("Новая задача"), "\(form.error)")
    #expect(try Data(contentsOf: store) == before)
  }

  @Test func showElementsWritesALineBreakAsBackslashNWhichAScriptCanUseAgain() async throws {
    let store = TemporaryFolder().url.appendingPathComponent("todo.sqlite")
    let made = try await runTodo(
      #"""
      tap #add
      tap #text
      type "Line one\nLine \"two\""
      tap #done
      """#, store: store, url: try deadURL())
    #expect(made.status == 0, "\(made.error)")
    let today = ["--today", "2026-12-03", "--time-zone", "Europe/Moscow"]
    let list = try await runCLI(
      ["--app", "todo", "show", "todos", "--store", store.path, "--elements"] + today)
    #expect(list.status == 0, "\(list.error)")
    #expect(!list.output.contains("\u{FFFD}"))
    // The identifier on one line, the label as a script's quoted argument.
    #expect(list.output.contains(#"#todo:Line one\nLine "two" "Line one\nLine \"two\"""#), "\(list.output)")
    let edit = try await runCLI(
      ["--app", "todo", "show", "todo-edit", "--store", store.path, "--elements"] + today)
    #expect(edit.status == 0 && !edit.output.contains("\u{FFFD}"), "\(edit.output)")
    #expect(edit.output.contains(#"#text "Line one\nLine \"two\"" text-field"#), "\(edit.output)")
    // JSON writes the line break as JSON does.
    let json = try await runCLI(
      ["--app", "todo", "show", "todo-edit", "--store", store.path, "--elements", "--json"] + today)
    #expect(json.output.contains(#""label": "Line one\nLine \"two\"""#), "\(json.output)")
    // What the list says, a script can type back: the identifier and the label alike.
    let again = try await runTodo(
      #"""
      tap #todo:Line one\nLine "two"
      expect screen todo-edit
      dismiss
      tap "Line one\nLine \"two\""
      expect screen todo-edit
      """#, store: store, url: try deadURL())
    #expect(again.status == 0, "\(again.error)")
  }

  /// The demo's tasks speak the watcher's language, as the tracker's demo does: the one the user
  /// wrote is in their language, the one loaded from the server stays in the server's words.
  @Test(arguments: [("en", "Shopping", "Bread, milk"), ("ru", "Покупки", "Хлеб, молоко")])
  func theDemoTasksTheUserWroteAreInTheRunsLanguage(language: String, title: String, text: String)
    async throws
  {
    let list = try await runCLI(["--app", "todo", "show", "todos", "--demo", "--lang", language] + fixed)
    #expect(list.status == 0 && list.output.contains(title) && list.output.contains(text), "\(list.output)")
    #expect(list.output.contains("Memorize a poem"))
    let other = language == "en" ? "Покупки" : "Shopping"
    #expect(!list.output.contains(other))
  }

  @Test func screensOfTheOtherAppPointToItsOption() async throws {
    let show = try await runCLI(["show", "todos"])
    #expect(show.status == 64 && show.error.contains("'todos' is a screen of the todo app (--app todo)"))
    let back = try await runCLI(["--app", "todo", "show", "statistics", "--lang", "ru"])
    #expect(
      back.status == 64 && back.error.contains("«statistics» — экран приложения tracker (--app tracker)"))
    let script = try await runTodo(
      "expect screen trackers\n", store: TemporaryFolder().url.appendingPathComponent("t.sqlite"),
      url: try deadURL())
    #expect(script.status == 1 && script.error.contains("'trackers' is a screen of the tracker app"))
    let typo = try await runCLI(["--app", "todo", "show", "todo-from"])
    #expect(typo.status == 64 && typo.error.contains("Did you mean 'todo-form'?"))
  }

  @Test(arguments: [
    ("en", "Loading tasks…", "Delete this task?"), ("ru", "Загружаем задачи…", "Удалить задачу?"),
  ])
  func theTourWalksThroughEveryToDoState(_ language: String, _ loading: String, _ question: String)
    async throws
  {
    let result = try await runCLI(["--app", "todo", "tour", "--lang", language, "--color", "never"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("1/7 · ") && result.output.contains("7/7 · "))
    #expect(result.output.contains(loading) && result.output.contains(question))
    #expect(result.output.contains("✓ Memorize a poem"))
  }
}
