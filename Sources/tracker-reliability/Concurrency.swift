import Foundation
import TrackerModels

extension Reliability {
  /// Four processes on one file for a while: two writers marking and unmarking their own habit on
  /// random days, two readers showing, listing, computing statistics and exporting. Every read must
  /// succeed without waiting for the writers; every acknowledged write must be in the file after.
  mutating func concurrentProcesses() throws -> Report {
    var report = Report(part: "concurrent")
    report.watch("blocked reads", "failed reads", "failed writes", "lost acknowledged writes", "crashes")
    let store = path("concurrent.sqlite")
    try makeStore(store, [Archives.make(group: 4, prefix: "Writer", trackers: 2, records: 20)])
    let deadline = Date().addingTimeInterval(scale.concurrentSeconds)
    let seeds = (0..<4).map { _ in random.next() }
    let results = WorkerResults()
    let suite = self
    @Sendable func work(_ worker: Int) {
      var random = SplitMix64(seed: seeds[worker])
      var result = WorkerResult()
      while Date() < deadline {
        do {
          if worker < 2 {
            let number = worker + 1
            let date = Archives.date(daysBack: Int.random(in: 0..<30, using: &random))
            let marks = Bool.random(using: &random)
            let outcome = try suite.tool([
              marks ? "done" : "undone", "Writer \(number)", "--date", date, "--store", store,
            ])
            if outcome.crashed { result.crashes += 1 }
            if outcome.status == 0 && outcome.signal == nil {
              result.writes += 1
              result.state[Archives.id(4, number) + " " + date] = marks
            } else {
              result.failedWrites += 1
              result.examples.append("write: \(outcome.errorText)")
            }
          } else {
            let commands = [
              ["show", "trackers"], ["stats", "--json"], ["list", "--json"], ["export", "--output", "-"],
            ]
            let command = commands[Int.random(in: 0..<commands.count, using: &random)]
            let outcome = try suite.tool(command + ["--store", store])
            if outcome.crashed { result.crashes += 1 }
            result.reads += 1
            result.slowestRead = max(result.slowestRead, outcome.seconds)
            if outcome.status != 0 {
              result.failedReads += 1
              result.examples.append("\(command[0]): \(outcome.errorText)")
            } else if outcome.seconds > 2 {
              result.blockedReads += 1
            }
          }
        } catch {
          result.examples.append("\(error)")
          result.failedWrites += 1
        }
      }
      results.add(result)
    }
    // One thread per worker (a dispatch queue would run only as many at once as there are cores).
    let group = DispatchGroup()
    for worker in 0..<4 {
      group.enter()
      Thread {
        work(worker)
        group.leave()
      }.start()
    }
    group.wait()
    let all = results.all
    let writes = all.reduce(0) { $0 + $1.writes }
    let reads = all.reduce(0) { $0 + $1.reads }
    report.count("processes", 4)
    report.count("seconds", Int(scale.concurrentSeconds))
    report.count("acknowledged writes", writes)
    report.count("reads", reads)
    report.count("ms slowest read", Int((all.map(\.slowestRead).max() ?? 0) * 1000))
    report.fail("blocked reads", all.reduce(0) { $0 + $1.blockedReads })
    report.fail("failed reads", all.reduce(0) { $0 + $1.failedReads })
    report.fail("failed writes", all.reduce(0) { $0 + $1.failedWrites })
    report.fail("crashes", all.reduce(0) { $0 + $1.crashes })
    report.examples += all.flatMap(\.examples)
    guard let after = try exportedRecords(store) else {
      report.fail("lost acknowledged writes", writes, example: "the store does not export after the run")
      return report
    }
    var lost = 0
    for result in all {
      for (record, marked) in result.state where after.contains(record) != marked { lost += 1 }
    }
    report.fail("lost acknowledged writes", lost)
    return report
  }
}

/// What one worker of `concurrentProcesses` saw.
struct WorkerResult: Sendable {
  var writes = 0
  var failedWrites = 0
  var reads = 0
  var failedReads = 0
  var blockedReads = 0
  var crashes = 0
  var slowestRead = 0.0
  /// Per record ("tracker date") whether the worker's last acknowledged write marked it.
  var state: [String: Bool] = [:]
  var examples: [String] = []
}

/// The workers' results, collected under a lock.
final class WorkerResults: Sendable {
  private let results = Locked<[WorkerResult]>([])

  func add(_ result: WorkerResult) { results.withLock { $0.append(result) } }

  var all: [WorkerResult] { results.value }
}
