import Foundation
import TestSupport
import Testing

@testable import tracker_reliability

/// The short run of the reliability suite; `swift run -c release tracker-reliability --long` is
/// the long one (docs/reliability.md). The parts run side by side: each has a folder of its own.
@Suite("Reliability suite, short run")
struct ReliabilityTests {
  /// Runs `part` with its files where the tests keep theirs (`TemporaryFolder.base`), aside: its
  /// programs, kills and servers mostly wait, and the pool's two threads go on with other tests
  /// meanwhile. The `concurrent` part, which bounds how long a read may take, stays on the pool
  /// (`aside: false`): run aside beside everything else, its 2 s bound was overrun once.
  func run(_ part: String, aside isAside: Bool = true) async throws -> Reliability.Report {
    let preview = builtProduct("tracker-preview")
    let run: @Sendable () throws -> Reliability.Report = {
      var suite = try Reliability(preview: preview, scale: .short, seed: 7, under: TemporaryFolder.base)
      defer { suite.removeFolder() }
      return try suite.run(part)
    }
    return isAside ? try await aside(run) : try run()
  }

  @Test func mutatedImportsAreAcceptedWholeOrRefusedWithTheStoreUnchanged() async throws {
    let report = try await run("fuzz")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "refused" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func everyExportOfRandomActionSequencesRestoresByteForByteOnBothStores() async throws {
    let report = try await run("roundtrip")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "sequences" }.map { $0.1 >= 500 } == true, "\(report.text)")
    // Measures, quotas, amounts and notes were among the actions (archive version 3).
    #expect(
      report.counts.first { $0.0 == "archives of version 3" }.map { $0.1 >= 100 } == true, "\(report.text)")
    // Windows and period targets were among them too (archive version 4, issue 49).
    #expect(
      report.counts.first { $0.0 == "archives of version 4" }.map { $0.1 >= 50 } == true, "\(report.text)")
  }

  @Test func syncedDevicesConvergeAndAKilledSyncLeavesEveryFileWhole() async throws {
    let report = try await run("sync")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "runs" }.map { $0.1 >= 20 } == true, "\(report.text)")
    #expect(report.counts.first { $0.0 == "syncs killed" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func killedWritesLoseNothingAcknowledgedAndLeaveNoHalfImport() async throws {
    let report = try await run("kill")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "acknowledged" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func readersAreNeverBlockedByWritersAndAcknowledgedWritesStay() async throws {
    let report = try await run("concurrent", aside: false)
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "acknowledged writes" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func damagedFilesAreNeverReadInSilenceAsDifferentData() async throws {
    let report = try await run("damage")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "noticed" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func salvageKeepsWhatCanBeReadNothingWrongAndSurvivesAKill() async throws {
    let report = try await run("salvage")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "salvages killed" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func daysOffAreSalvagedAsFarAsSQLiteReadsThemAndNoneIsInvented() async throws {
    let report = try await run("daysoff")
    #expect(report.isClean, "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "days off in the store" }.map { $0.1 == 600 } == true, "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "days off SQLite reads that the salvage lost" }.map { $0.1 == 0 } == true,
      "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "% saved, a root zeroed" }.map { $0.1 == 100 } == true, "\(report.text)")
  }

  @Test func aCutWriteAheadLogIsNeverASilentLossNorABackupWithoutTheWrites() async throws {
    let report = try await run("walcut")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "acknowledged writes" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func aDiskThatTakesNoMoreBytesStillReads() async throws {
    let report = try await run("fulldisk")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "reads" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func writesPastTheFileSizeLimitFailOutLoudLeaveNoTemporaryFileAndLoseNothingAcknowledged()
    async throws
  {
    let report = try await run("filelimit")
    #expect(report.isClean, "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "refused with the reason" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func specialFilesAtTheStorePathAreRefusedAtOnceByEveryCommand() async throws {
    let report = try await run("special")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "refusals" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func aHostileToDoServerCannotKeepTheLoadPastItsDeadlineOrRequestCap() async throws {
    let report = try await run("server")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "loads" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func aReportCountsFailuresAndPrintsTheZeros() {
    var report = Reliability.Report(part: "example")
    report.watch("crashes")
    report.count("trials", 3)
    #expect(report.isClean && report.text.contains("0 crashes") && report.text.contains("3 trials"))
    report.fail("crashes", example: "signal 4")
    #expect(!report.isClean && report.text.contains("1 crashes") && report.text.contains("example: signal 4"))
  }
}
