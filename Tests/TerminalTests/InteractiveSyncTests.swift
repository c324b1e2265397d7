import Foundation
import TestSupport
import Testing

/// The interactive app syncs by itself (issue 33, docs/sync.md), shown with two real processes
/// on two data files and one shared folder: another device's change shows without a key, and a
/// change made in the app reaches the other device. Deadlines are generous (a busy machine).
@Suite("tracker-preview app syncing by itself", .temporaryFolders, .ownThread)
struct InteractiveSyncTests {
  /// Store A (one habit, "Run") and store B, both joined to one folder and synced: B has "Run".
  private func twoDevices() throws -> (a: String, b: String, folder: String) {
    let a = try InteractiveTerminalTests().storeWithOneHabit()
    let root = TemporaryFolder().url
    let folder = root.appendingPathComponent("Shared").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let b = root.appendingPathComponent("b.sqlite").path
    for store in [a, b] {
      let synced = try runPiped(["sync", "--folder", folder, "--store", store])
      #expect(synced.status == 0, "\(synced.error)")
    }
    let onB = try runPiped(["show", "trackers", "--store", b, "--lang", "en"] + fixedDay)
    #expect(onB.output.contains("Run"), "\(onB.output)\(onB.error)")
    return (a, b, folder)
  }

  @Test func anotherDevicesChangeShowsWithoutAKeyAfterTheAppSyncsByItself() throws {
    let (a, b, _) = try twoDevices()
    let terminal = try PseudoTerminal(["app", "--store", a, "--lang", "en"] + fixedDay)
    #expect(terminal.wait { $0.contains("Run") && $0.contains("[+]") } != nil, "\(terminal.screen)")
    let marked = try runPiped(["done", "Run", "--store", b] + fixedDay)
    #expect(marked.status == 0, "\(marked.error)")
    let sent = try runPiped(["sync", "--store", b])
    #expect(sent.status == 0 && sent.output.contains("out"), "\(sent.output)\(sent.error)")
    // No key: the app sees B's new log in the folder, syncs, and the merge redraws the screen.
    #expect(terminal.wait(60) { $0.contains("[✓]") && $0.contains("1 day") } != nil, "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func aChangeMadeInTheAppReachesTheOtherDeviceWithoutASyncCommandOnThisOne() throws {
    let (a, b, _) = try twoDevices()
    let terminal = try PseudoTerminal(["app", "--store", a, "--lang", "en"] + fixedDay)
    #expect(
      terminal.wait { $0.contains("Run") && $0.focusLabel == "Add tracker" } != nil, "\(terminal.screen)")
    try terminal.tab(to: "Run, 0 days")
    terminal.send(Keys.tab)  // the card's "+"
    #expect(terminal.wait { $0.focusLabel == "Mark as done: Run" } != nil, "\(terminal.screen)")
    terminal.send(Keys.enter)
    #expect(terminal.wait { $0.contains("[✓]") && $0.contains("1 day") } != nil, "\(terminal.screen)")
    // The app sends it about a second later, by itself; B takes it in at its next sync.
    var onB = ""
    let arrived = eventuallyPolling(within: 60) {
      _ = try? runPiped(["sync", "--store", b])
      onB = (try? runPiped(["show", "trackers", "--store", b, "--lang", "en"] + fixedDay))?.output ?? ""
      return onB.contains("1 day")
    }
    #expect(arrived, "\(onB)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }

  @Test func settingsShowsTheFolderAndTheLastSyncAndAMissingFolderAsAFailedSync() throws {
    let (a, _, folder) = try twoDevices()
    let terminal = try PseudoTerminal(["app", "--store", a, "--lang", "en"] + fixedDay)
    #expect(terminal.wait { $0.contains("Run") } != nil, "\(terminal.screen)")
    try terminal.tab(to: "Settings tab")
    terminal.send(Keys.enter)
    #expect(
      terminal.wait { $0.contains("Sync: ") && $0.contains("last synced") } != nil, "\(terminal.screen)")
    // The folder goes (an unplugged disk): the app's next look sees it gone, its sync fails, and
    // the row says why, no key needed.
    try FileManager.default.moveItem(atPath: folder, toPath: folder + "-unplugged")
    #expect(
      terminal.wait(60) { $0.contains("Last sync failed: the folder is not there") } != nil,
      "\(terminal.screen)")
    // Back again: the app tries again at each look, the sync succeeds, and the warning goes.
    try FileManager.default.moveItem(atPath: folder + "-unplugged", toPath: folder)
    #expect(terminal.wait(60) { !$0.contains("Last sync failed") } != nil, "\(terminal.screen)")
    terminal.send("q")
    #expect(terminal.exitStatus() == 0)
  }
}
