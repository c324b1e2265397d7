import Foundation
import SyncSimulation

extension Reliability {
  /// Sync through a shared folder (docs/sync.md): seeded three-device runs over a badly behaved
  /// file-syncing engine must converge; `sync` killed at random moments must leave every data file
  /// whole and every log in the folder whole, and the next syncs converge.
  mutating func syncDevices() throws -> Report {
    var report = Report(part: "sync")
    report.watch(
      "runs that did not converge", "damaged stores", "logs cut short", "crashes", "diverged after kills")

    // Seeded runs (the same harness as the store tests, many more seeds).
    let first = random.next()
    for index in 0..<UInt64(scale.syncRuns) {
      let seed = first &+ index
      let outcome = try SyncSimulation(seed: seed, steps: 80, folder: path("sync-run-\(index)")).run()
      report.count("runs")
      report.count("logs folded", outcome.compacted)
      if !outcome.problems.isEmpty {
        report.fail(
          "runs that did not converge", example: "seed \(seed): \(outcome.problems.first ?? "")")
      }
      try? FileManager.default.removeItem(atPath: path("sync-run-\(index)"))
    }

    // `sync` killed at random moments, on two data files over one folder; a third reads the folder.
    let share = path("sync-share")
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    let stores = [path("sync-a.sqlite"), path("sync-b.sqlite")]
    try makeStore(stores[0], [Archives.make(group: 1, prefix: "Home", trackers: 4, records: 400)])
    try makeStore(stores[1], [Archives.make(group: 2, prefix: "Work", trackers: 4, records: 400)])
    let reader = path("sync-reader.sqlite")
    for store in stores + [reader] {
      let joined = try tool(["sync", "--store", store, "--folder", share])
      guard joined.status == 0 else { throw ProgramFailure(description: "sync failed: \(joined.errorText)") }
    }
    let timed = try tool(["sync", "--store", stores[0]])
    for trial in 0..<scale.syncKills {
      let store = stores[trial % 2]
      let group = trial % 2 + 1
      let prefix = group == 1 ? "Home" : "Work"
      _ = try tool([
        "done", "\(prefix) \(1 + trial % 4)", "--date", Archives.date(daysBack: 400 + trial), "--store",
        store,
      ])
      _ = try tool([
        "note", "\(prefix) 1", "note \(trial)", "--date", Archives.date(daysBack: 1), "--store", store,
      ])
      let running = try startTool(["sync", "--store", store])
      usleep(UInt32(Double.random(in: 0...(max(timed.seconds, 0.05) * 1.5), using: &random) * 1_000_000))
      running.kill()
      let outcome = running.finish(timeout: 60)
      if outcome.signal == SIGKILL {
        report.count("syncs killed")
      } else if outcome.status == 0 {
        report.count("syncs that finished first")
      } else {
        report.fail("crashes", example: "sync: exit \(outcome.status) \(outcome.errorText)")
      }
      // The data file is whole: export runs the full check.
      let export = try tool(["export", "--store", store])
      if export.status != 0 { report.fail("damaged stores", example: export.errorText) }
      // Every log named in the folder is whole: a reader waits for none.
      let read = try tool(["sync", "--store", reader, "--json"])
      let object = (try? JSONSerialization.jsonObject(with: read.output)) as? [String: Any]
      let waiting = (object?["waiting"] as? [Any])?.count ?? -1
      let unreadable = (object?["unreadable"] as? [Any])?.count ?? -1
      if read.status != 0 || waiting != 0 || unreadable != 0 {
        report.fail(
          "logs cut short", example: "after trial \(trial): \(String(decoding: read.output, as: UTF8.self))")
      }
    }
    // `sync` killed at each of its steps in turn (TRACKER_SYNC_KILL_AT), each after an edit that
    // the next edit undoes: a log sent and not recorded, recorded and not sent, a snapshot written
    // and its logs not removed.
    let steps = ["listed", "merged", "committed", "written", "folded", "removed"]
    for trial in 0..<scale.syncStepKills {
      let store = stores[trial % 2]
      let prefix = trial % 2 == 0 ? "Home" : "Work"
      let step = steps[trial % steps.count]
      let day = Archives.date(daysBack: 2)
      _ = try tool(["note", "\(prefix) 2", "sent, then undone", "--date", day, "--store", store])
      let killed = try tool(["sync", "--store", store], environment: ["TRACKER_SYNC_KILL_AT": step])
      if killed.signal == SIGKILL {
        report.count("syncs killed at \(step)")
      } else if killed.status == 0 {
        report.count("syncs that did not reach \(step)")
      } else {
        report.fail("crashes", example: "sync killed at \(step): exit \(killed.status) \(killed.errorText)")
      }
      _ = try tool(["note", "\(prefix) 2", "kept \(trial)", "--date", day, "--store", store])
      _ = try tool([
        "done", "\(prefix) \(1 + trial % 4)", "--date", Archives.date(daysBack: 3), "--store", store,
      ])
    }
    // The syncs after the kills converge: every data file exports the same.
    for _ in 0..<2 {
      for store in stores + [reader] { _ = try tool(["sync", "--store", store]) }
    }
    let exports = try (stores + [reader]).map { try tool(["export", "--store", $0]).output }
    if Set(exports).count != 1 { report.fail("diverged after kills") }
    return report
  }
}
