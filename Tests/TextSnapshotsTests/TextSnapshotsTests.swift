import Foundation
import TestSupport
import Testing
import TextSnapshots

@Suite("TextSnapshots harness", .temporaryFolders)
struct TextSnapshotsTests {
  func folder() -> URL {
    let url = TemporaryFolder().url
    return url
  }

  @Test func modeComesFromTheEnvironmentAndCIForcesVerify() {
    #expect(SnapshotMode.from(environment: [:]) == .missing)
    #expect(SnapshotMode.from(environment: ["SNAPSHOTS": "update"]) == .update)
    #expect(SnapshotMode.from(environment: ["SNAPSHOTS": "update", "CI": "1"]) == .verify)
    #expect(SnapshotMode.from(environment: ["CI": "true"]) == .verify)
    #expect(SnapshotMode.from(environment: ["SNAPSHOTS": "bogus"]) == .verify)
  }

  @Test func aMissingReferenceInVerifyModeFailsWithoutWriting() async {
    let directory = folder()
    let harness = SnapshotHarness(directory: directory, mode: .verify)
    let failure = await harness.check("hello\n", named: "screen")
    #expect(failure?.kind == .missing)
    #expect(failure?.message.contains("nothing was written") == true)
    #expect(!FileManager.default.fileExists(atPath: harness.referenceURL("screen").path))
  }

  @Test func theDefaultModeRecordsAMissingReferenceAndStillFails() async throws {
    let directory = folder()
    let harness = SnapshotHarness(directory: directory, mode: .missing)
    #expect(await harness.check("hello\n", named: "screen")?.kind == .recorded)
    #expect(try String(contentsOf: harness.referenceURL("screen"), encoding: .utf8) == "hello\n")
    #expect(
      await SnapshotHarness(directory: directory, mode: .verify).check("hello\n", named: "screen") == nil)
  }

  @Test func updateRewritesAMismatchAndStillFails() async throws {
    let directory = folder()
    try Data("old\n".utf8).write(to: directory.appendingPathComponent("screen.txt"))
    let harness = SnapshotHarness(directory: directory, mode: .update)
    #expect(await harness.check("new\n", named: "screen")?.kind == .updated)
    #expect(try String(contentsOf: harness.referenceURL("screen"), encoding: .utf8) == "new\n")
  }

  @Test func aMismatchPrintsAUnifiedDiffAndWritesTheActualText() async throws {
    let directory = folder()
    let reference = "title\nsame 1\nsame 2\nold line\nsame 3\n"
    try Data(reference.utf8).write(to: directory.appendingPathComponent("screen.txt"))
    let harness = SnapshotHarness(directory: directory, mode: .missing)
    let actual = "title\nsame 1\nsame 2\nnew line  \nsame 3"
    let failure = try #require(await harness.check(actual, named: "screen"))
    #expect(failure.kind == .mismatch)
    #expect(
      failure.message.hasSuffix(
        """
        --- \(directory.path)/screen.txt
        +++ actual
        @@ -2,4 +2,4 @@
            2| same 1
            3| same 2
        -   4| old line
        -   5| same 3
        +   4| new line␠␠
        +   5| same 3
        \\ No newline at end of file

        """))
    #expect(try String(contentsOf: harness.actualURL("screen"), encoding: .utf8) == actual)
    // The reference is untouched.
    #expect(try String(contentsOf: harness.referenceURL("screen"), encoding: .utf8) == reference)
  }

  @Test func lineEndingsAreComparedAsLF() async throws {
    let directory = folder()
    try Data("a\r\nb\r\n".utf8).write(to: directory.appendingPathComponent("screen.txt"))
    #expect(
      await SnapshotHarness(directory: directory, mode: .verify).check("a\nb\n", named: "screen") == nil)
  }

  @Test func aNameUsedTwiceIsAnError() async {
    let harness = SnapshotHarness(directory: folder(), mode: .missing)
    _ = await harness.check("a\n", named: "screen")
    #expect(await harness.check("a\n", named: "screen")?.kind == .duplicateName)
    #expect(SnapshotHarness.duplicates(in: ["a", "b", "a", "c", "b"]) == ["a", "b"])
    #expect(await harness.check("a\n", named: "../escape")?.kind == .invalidName)
  }

  @Test func referencesNoTestUsesAreReported() throws {
    let directory = folder()
    for name in ["kept", "orphan"] {
      try Data("x\n".utf8).write(to: directory.appendingPathComponent(name + ".txt"))
    }
    try Data("x\n".utf8).write(to: directory.appendingPathComponent("kept.actual.txt"))
    let harness = SnapshotHarness(directory: directory, mode: .verify)
    #expect(harness.unusedReferences(expected: ["kept"]) == ["orphan"])
  }
}
