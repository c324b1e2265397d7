import Foundation
import TestSupport
import Testing

@testable import tracker_reliability

/// The short run of the reliability suite; `swift run -c release tracker-reliability --long` is
/// the long one (docs/reliability.md). The parts run side by side: each has a folder of its own.
@Suite("Reliability suite, short run")
struct ReliabilityTests {
  func run(_ part: String) throws -> Reliability.Report {
    var suite = try Reliability(preview: builtProduct("tracker-preview"), scale: .short, seed: 7)
    defer { suite.removeFolder() }
    return try suite.run(part)
  }

  @Test func mutatedImportsAreAcceptedWholeOrRefusedWithTheStoreUnchanged() throws {
    let report = try run("fuzz")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "refused" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func everyExportOfRandomActionSequencesRestoresByteForByteOnBothStores() throws {
    let report = try run("roundtrip")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "sequences" }.map { $0.1 >= 500 } == true, "\(report.text)")
    // Measures, quotas, amounts and notes were among the actions (archive version 3).
    #expect(
      report.counts.first { $0.0 == "archives of version 3" }.map { $0.1 >= 100 } == true, "\(report.text)")
    // Windows and period targets were among them too (archive version 4, issue 49).
    #expect(
      report.counts.first { $0.0 == "archives of version 4" }.map { $0.1 >= 50 } == true, "\(report.text)")
  }

  @Test func syncedDevicesConvergeAndAKilledSyncLeavesEveryFileWhole() throws {
    let report = try run("sync")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "runs" }.map { $0.1 >= 20 } == true, "\(report.text)")
    #expect(report.counts.first { $0.0 == "syncs killed" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func killedWritesLoseNothingAcknowledgedAndLeaveNoHalfImport() throws {
    let report = try run("kill")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "acknowledged" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func readersAreNeverBlockedByWritersAndAcknowledgedWritesStay() throws {
    let report = try run("concurrent")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "acknowledged writes" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func damagedFilesAreNeverReadInSilenceAsDifferentData() throws {
    let report = try run("damage")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "noticed" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func salvageKeepsWhatCanBeReadNothingWrongAndSurvivesAKill() throws {
    let report = try run("salvage")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "salvages killed" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func daysOffAreSalvagedAsFarAsSQLiteReadsThemAndNoneIsInvented() throws {
    let report = try run("daysoff")
    #expect(report.isClean, "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "days off in the store" }.map { $0.1 == 600 } == true, "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "days off SQLite reads that the salvage lost" }.map { $0.1 == 0 } == true,
      "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "% saved, a root zeroed" }.map { $0.1 == 100 } == true, "\(report.text)")
  }

  @Test func aCutWriteAheadLogIsNeverASilentLossNorABackupWithoutTheWrites() throws {
    let report = try run("walcut")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "acknowledged writes" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func aDiskThatTakesNoMoreBytesStillReads() throws {
    let report = try run("fulldisk")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "reads" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func writesPastTheFileSizeLimitFailOutLoudLeaveNoTemporaryFileAndLoseNothingAcknowledged() throws {
    let report = try run("filelimit")
    #expect(report.isClean, "\(report.text)")
    #expect(
      report.counts.first { $0.0 == "refused with the reason" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func specialFilesAtTheStorePathAreRefusedAtOnceByEveryCommand() throws {
    let report = try run("special")
    #expect(report.isClean, "\(report.text)")
    #expect(report.counts.first { $0.0 == "refusals" }.map { $0.1 > 0 } == true, "\(report.text)")
  }

  @Test func aHostileToDoServerCannotKeepTheLoadPastItsDeadlineOrRequestCap() throws {
    let report = try run("server")
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
