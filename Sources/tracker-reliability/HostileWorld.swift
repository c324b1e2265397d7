import Foundation
import LocalHTTPServer

#if canImport(Glibc)
  import Glibc
#endif

extension Reliability {
  /// What `--store` may name by mistake that is no file: a named pipe, a folder, a symbolic link to
  /// nothing, a loop of links, a device (a link to `/dev/zero`, `/dev/null` itself, and a device
  /// file of the suite's own when it runs as root). Every command
  /// — reading or writing — must refuse it at once (exit 1, the reason said), never block on it,
  /// change nothing in the folder, and never replace a backup.
  mutating func specialFiles() throws -> Report {
    var report = Report(part: "special")
    report.watch(
      "blocked commands", "accepted", "silent refusals", "crashes", "changed files", "replaced backups")
    let room = path("special")
    let fileManager = FileManager.default
    try fileManager.createDirectory(atPath: room + "/folder.sqlite", withIntermediateDirectories: true)
    try Data("kept".utf8).write(to: URL(fileURLWithPath: room + "/folder.sqlite/kept.txt"))
    guard mkfifo(room + "/fifo.sqlite", 0o644) == 0,
      symlink(room + "/missing/tracker.sqlite", room + "/dangling.sqlite") == 0,
      symlink(room + "/loop-b.sqlite", room + "/loop-a.sqlite") == 0,
      symlink(room + "/loop-a.sqlite", room + "/loop-b.sqlite") == 0,
      symlink("/dev/zero", room + "/device.sqlite") == 0
    else { throw ProgramFailure(description: "cannot make the special files in \(room)") }
    let backup = room + "/backup.json"
    let precious = Data("a backup that must stay".utf8)
    try precious.write(to: URL(fileURLWithPath: backup))
    let archive = path("special-archive.json")
    try Data(Archives.make(group: 1, prefix: "Home", trackers: 1, records: 3).utf8)
      .write(to: URL(fileURLWithPath: archive))
    let script = path("special-script.txt")
    try Data("print\n".utf8).write(to: URL(fileURLWithPath: script))
    var targets = [
      ("a named pipe", room + "/fifo.sqlite"), ("a folder", room + "/folder.sqlite"),
      ("a dangling link", room + "/dangling.sqlite"), ("a loop of links", room + "/loop-a.sqlite"),
      ("a link to a device", room + "/device.sqlite"), ("a device", "/dev/null"),
    ]
    // A device file of its own (what /dev/zero is: character device 1, 5), when this process may
    // make one (root).
    if mknod(room + "/node.sqlite", S_IFCHR | 0o644, (1 << 8) | 5) == 0 {
      targets.append(("a device file", room + "/node.sqlite"))
    }
    let commands: [[String]] = [
      ["stats", "--json"], ["list", "--json"], ["show", "trackers"], ["remind"], ["export", "--output", "-"],
      ["export", "--output", backup], ["done", "Home 1"], ["undone", "Home 1"], ["import", archive],
      ["run", script],
    ]
    var before = snapshot(room)
    var slowest = 0.0
    for _ in 0..<scale.specialRounds {
      for (kind, target) in targets {
        for command in commands {
          let outcome = try tool(command + ["--store", target], timeout: 10)
          let example = "\(command[0]) on \(kind): exit \(outcome.status) \(outcome.errorText.prefix(120))"
          slowest = max(slowest, outcome.seconds)
          if outcome.timedOut {
            report.fail("blocked commands", example: example)
          } else if outcome.crashed {
            report.fail("crashes", example: example)
          } else if outcome.status == 0 {
            report.fail("accepted", example: example)
          } else if outcome.error.isEmpty {
            report.fail("silent refusals", example: example)
          } else {
            report.count("refusals")
          }
          let after = snapshot(room)
          if after != before {
            report.fail("changed files", example: example)
            before = after
          }
          if fileManager.contents(atPath: backup) != precious {
            report.fail("replaced backups", example: example)
            try precious.write(to: URL(fileURLWithPath: backup))
          }
        }
      }
    }
    report.counts.insert(("special files", targets.count), at: 0)
    report.count("ms slowest refusal", Int((slowest * 1000).rounded()))
    return report
  }

  /// Every entry under `folder` (links not followed): its path, kind and size.
  private func snapshot(_ folder: String) -> [String] {
    var entries: [String] = []
    var pending = [folder]
    while let next = pending.popLast() {
      for name in ((try? FileManager.default.contentsOfDirectory(atPath: next)) ?? []).sorted() {
        let entry = next + "/" + name
        var info = stat()
        guard lstat(entry, &info) == 0 else { continue }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { pending.append(entry) }
        entries.append("\(entry) \(kind) \(kind == S_IFREG ? Int(info.st_size) : 0)")
      }
    }
    return entries.sorted()
  }

  /// A hostile to-do server, met by the to-do app's first launch (`--app todo run`): one that sends
  /// its headers and then a byte every half second, one that never answers, one that claims ten
  /// thousand tasks and sends one new task a page. The load must end within its deadline (15 s a
  /// request, 60 s in all) and its request cap (30), and the app must show why, with Try again.
  /// Waiting costs no processor time: a load that keeps the processor busy for more than a tenth
  /// of the time it takes (a polling loop) is a failure; the figures are the processor time
  /// used per second of waiting.
  mutating func hostileServers() throws -> Report {
    var report = Report(part: "server")
    report.watch(
      "loads past their deadline", "loads over the request cap", "errors not shown", "crashes", "hangs",
      "loads that kept the processor busy")
    let script = path("server-script.txt")
    var slowest = 0.0
    var most = 0
    /// Per kind of server, the processor time and the time of its loads, in seconds.
    var usage: [String: (processor: Double, wall: Double)] = [:]
    let trials:
      [(kind: String, count: Int, message: String, respond: @Sendable (String) -> LocalHTTPServer.Response)] =
        [
          (
            "a byte every 0.5 s", scale.slowServers, "The server did not answer in time.",
            { _ in
              var response = LocalHTTPServer.Response(body: String(repeating: " ", count: 1000))
              response.trickle = 0.5
              return response
            }
          ),
          (
            "no answer", scale.silentServers, "The server did not answer in time.",
            { _ in LocalHTTPServer.Response(body: "{}", delay: 200) }
          ),
          (
            "one new task a page of 10,000", scale.endlessServers,
            "The server did not send its tasks within 30 requests.",
            { target in
              let query = URLComponents(string: target)?.queryItems ?? []
              let skip = query.first { $0.name == "skip" }.flatMap { Int($0.value ?? "") } ?? 0
              return LocalHTTPServer.Response(
                body: todosPage(
                  [(id: skip + 1, text: "Task \(skip + 1)", done: false)], total: 10_000, skip: skip, limit: 1
                ))
            }
          ),
        ]
    for trial in trials {
      try Data("expect text \"\(trial.message)\"\nexpect text \"Try again\"\n".utf8)
        .write(to: URL(fileURLWithPath: script))
      for number in 0..<trial.count {
        let server = try LocalHTTPServer(trial.respond)
        defer { server.stop() }
        let store = path("server-\(UUID().uuidString).sqlite")
        let outcome = try tool(
          ["--app", "todo", "run", script, "--store", store, "--todos-url", server.url.absoluteString],
          timeout: 150)
        let requests = server.requests.count
        let example =
          "\(trial.kind) \(number): exit \(outcome.status) after \(Int(outcome.seconds)) s, \(requests) requests"
        slowest = max(slowest, outcome.seconds)
        most = max(most, requests)
        report.count("loads")
        if outcome.timedOut { report.fail("hangs", example: example) }
        if outcome.crashed { report.fail("crashes", example: example) }
        // The deadline of the whole load, and a few seconds for the tool to start and end.
        if outcome.seconds > 60 + 10 { report.fail("loads past their deadline", example: example) }
        if requests > 30 { report.fail("loads over the request cap", example: example) }
        if outcome.status != 0, !outcome.timedOut {
          report.fail("errors not shown", example: example + " " + outcome.errorText.prefix(200))
        }
        let used = usage[trial.kind] ?? (0, 0)
        usage[trial.kind] = (used.processor + outcome.processorSeconds, used.wall + outcome.seconds)
        // The tool's start, its store and its drawing cost a fraction of a second; waiting, nothing.
        if outcome.processorSeconds > 0.1 * outcome.seconds + 0.5 {
          report.fail(
            "loads that kept the processor busy",
            example: example + String(format: ", %.1f s of processor time", outcome.processorSeconds))
        }
      }
    }
    report.count("s slowest load", Int(slowest.rounded(.up)))
    report.count("most requests", most)
    for trial in trials {
      guard let used = usage[trial.kind], used.wall > 0 else { continue }
      report.count(
        "ms processor time per s waited (\(trial.kind))", Int((used.processor / used.wall * 1000).rounded()))
    }
    return report
  }
}
