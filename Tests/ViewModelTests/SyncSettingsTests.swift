import FlowTestSupport
import Foundation
import ModelTestSupport
import TestSupport
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore

@testable import TrackerViewModels

/// A store that syncs as told: its status, a failure to throw, and how many syncs it was asked
/// for (each one that works stamps `lastSynced`).
final class ScriptedSync: SyncingStore, @unchecked Sendable {
  private let lock = NSLock()
  private var status: SyncStatus
  private var failureToThrow: SyncError?
  private let count = Watched(0)
  /// The logs each sync reports it could not read.
  private let unread: [UnreadLog]

  init(_ status: SyncStatus, unread: [UnreadLog] = []) {
    self.status = status
    self.unread = unread
  }

  /// Followed by `until`.
  var syncs: Int { count.value }

  /// Every sync from now on fails with `failure` (nil: succeeds).
  func fail(with failure: SyncError?) {
    lock.lock()
    failureToThrow = failure
    lock.unlock()
  }

  /// Closed, a read of the status waits until it opens (a slow disk, another program's lock),
  /// on whatever thread reads it.
  let statusGate = Gate()

  /// Armed by `holdNextRead`: the next read of the status waits at `heldRead` after reading it.
  private let isNextReadHeld = Watched(false)
  /// Where the read `holdNextRead` armed waits, the status it read in hand, until it opens.
  let heldRead = Gate()

  /// The next read of the status (on whatever thread) reads it, then waits until `heldRead`
  /// opens before it answers: a read overtaken by what happens meanwhile. Later reads pass.
  func holdNextRead() {
    heldRead.close()
    isNextReadHeld.update { $0 = true }
  }

  func syncStatus() throws(StoreError) -> SyncStatus {
    statusGate.passThrough()
    lock.lock()
    let read = status
    lock.unlock()
    if isNextReadHeld.update({ isHeld in
      defer { isHeld = false }
      return isHeld
    }) {
      heldRead.passThrough()
    }
    return read
  }

  /// Counted once its outcome is settled: a test that sees the count and then changes what the
  /// next sync does (`fail(with:)`) never changes this one's.
  func sync(folder: String?, now: Date) throws(SyncError) -> SyncReport {
    lock.lock()
    let failure = failureToThrow
    if failure == nil { status.lastSynced = now }
    let report = SyncReport(folder: status.folder ?? "", device: "D", joined: false, unread: unread)
    lock.unlock()
    count.update { $0 += 1 }
    if let failure { throw failure }
    return report
  }
}

/// Settings' sync row (issue 33, docs/sync.md) and the app's syncs by itself.
@MainActor
@Suite("Sync on Settings")
struct SyncSettingsTests {
  let world = TestWorld()
  /// 11:58 in Moscow on the world's day (noon).
  var twoMinutesAgo: Date { world.now.addingTimeInterval(-120) }

  func settings(_ language: Language, sync: (any SyncingStore)?) async -> SettingsViewModel {
    var environment = world.environment(language)
    environment.sync = sync.map { AppSync(store: $0) }
    return await loaded(SettingsViewModel(environment: environment))
  }

  @Test(arguments: [
    (Language.en, "Sync: off", "run once:\ntracker-preview sync --folder DIR"),
    (.ru, "Синхронизация: выкл.", "выполните один раз:\ntracker-preview sync --folder DIR"),
  ])
  func withoutASyncingStoreTheRowSaysSyncIsOffAndHowToTurnItOn(
    _ language: Language, title: String, hint: String
  ) async {
    let model = await settings(language, sync: nil)
    #expect(model.state.syncTitle == title)
    #expect(model.state.syncHint?.hasSuffix(hint) == true, "\(model.state.syncHint ?? "nil")")
    #expect(model.state.syncWarnings == [])
  }

  @Test func aStoreThatCanSyncButJoinedNoFolderIsOffToo() async {
    let model = await settings(.en, sync: ScriptedSync(SyncStatus()))
    #expect(model.state.syncTitle == "Sync: off")
    #expect(model.state.syncHint != nil)
  }

  @Test(arguments: [
    (Language.en, "Sync: /home/anna/Sync · last synced 11:58"),
    (.ru, "Синхронизация: /home/anna/Sync · 11:58"),
  ])
  func aJoinedFolderShowsWithTheTimeOfTheLastSyncInTheUsersTimeZone(_ language: Language, title: String) async
  {
    let model = await settings(
      language, sync: ScriptedSync(SyncStatus(folder: "/home/anna/Sync", lastSynced: twoMinutesAgo)))
    #expect(model.state.syncTitle == title)
    #expect(model.state.syncHint == nil)
  }

  @Test(arguments: [
    (Language.en, "2026-11-29T18:40:00Z", "29 Nov 21:40"),
    (.ru, "2026-11-29T18:40:00Z", "29 нояб. 21:40"),
    (.en, "2025-12-31T08:05:00Z", "31 Dec 2025 11:05"),
    (.ru, "2025-12-31T08:05:00Z", "31 дек. 2025 11:05"),
    (.en, "2026-11-29T21:30:00Z", "00:30"),
  ])
  func aSyncOnAnotherDayHasItsDateAndOfAnotherYearItsYear(_ language: Language, iso: String, text: String) {
    let synced = ISO8601DateFormatter().date(from: iso)!
    #expect(
      SettingsViewModel.syncTime(
        synced, now: world.now, TimeZone(identifier: "Europe/Moscow")!, Localizer(language)) == text)
  }

  @Test func theLastSyncGetsItsDateOnceMidnightPasses() async {
    let clock = TestClock("2026-11-30T20:00:00Z")  // 23:00 in Moscow
    var environment = world.environment(.en)
    environment.now = { clock.now }
    environment.sync = AppSync(
      store: ScriptedSync(SyncStatus(folder: "/f", lastSynced: clock.now.addingTimeInterval(-60))))
    let model = SettingsViewModel(environment: environment)
    await model.settled()
    #expect(model.state.syncTitle == "Sync: /f · last synced 22:59")
    clock.set("2026-11-30T21:30:00Z")
    model.clockChanged()
    await model.settled()
    #expect(model.state.syncTitle == "Sync: /f · last synced 30 Nov 22:59")
  }

  @Test(arguments: [
    (Language.en, 31, "The clock of device 6F1C2A3B runs 31 hours ahead: check its date and time"),
    (.ru, 31, "Часы устройства 6F1C2A3B спешат на 31 час: проверьте на нём дату и время"),
    (.ru, 32, "Часы устройства 6F1C2A3B спешат на 32 часа: проверьте на нём дату и время"),
    (.ru, 30, "Часы устройства 6F1C2A3B спешат на 30 часов: проверьте на нём дату и время"),
  ])
  func aClockAheadIsAWarningUnderTheRow(_ language: Language, hours: Int, warning: String) async {
    let status = SyncStatus(
      folder: "/f", lastSynced: twoMinutesAgo,
      clocksAhead: [ClockAhead(device: "6F1C2A3B-0D4E-4F5A-8B6C-7D8E9F0A1B2C", hours: hours)])
    let model = await settings(language, sync: ScriptedSync(status))
    #expect(model.state.syncWarnings == [warning])
  }

  @Test func theSyncRowIsAnElementForScriptsWithItsWarningsSpoken() async throws {
    let status = SyncStatus(
      folder: "/f", lastSynced: twoMinutesAgo, clocksAhead: [ClockAhead(device: "6F1C2A3B", hours: 30)])
    var environment = world.environment(.en)
    environment.sync = AppSync(store: ScriptedSync(status))
    try environment.store.saveSettings(StoreSettings(isOnboardingDone: true))
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.performAndSettle(.tap(.element(.tab(.settings))))
    let row = try #require(flow.elements.first { $0.identifier == .sync })
    #expect(row.id == "sync")
    #expect(row.label == "Sync: /f · last synced 11:58")
    #expect(row.spoken.contains("runs 30 hours ahead"), "\(row.spoken)")
  }

  @Test(arguments: [
    (Language.en, "Sync: off. To sync with your other devices"),
    (.ru, "Синхронизация: выкл. Чтобы синхронизировать"),
  ])
  func theSyncRowSaysItsHintAfterItsTitleWithOnePeriod(_ language: Language, start: String) async throws {
    var environment = world.environment(language)
    try environment.store.saveSettings(StoreSettings(isOnboardingDone: true))
    environment.sync = nil
    let flow = await AppFlow.launch(environment: environment)
    await flow.settled()
    try await flow.performAndSettle(.tap(.element(.tab(.settings))))
    let row = try #require(flow.elements.first { $0.identifier == .sync })
    #expect(row.spoken.hasPrefix(start), "\(row.spoken)")
    #expect(!row.spoken.contains(".."), "\(row.spoken)")
  }

  // MARK: The app's syncs by itself

  /// Settings on a world whose sync runs in the background, looking every 50 ms and waiting
  /// `debounce` seconds after a change.
  /// `looks` counts the looks at the folder (each reads its listing, on the sync's own queue).
  func background(
    _ sync: ScriptedSync, listing: Watched<String>, looks: Watched<Int> = Watched(0),
    debounce: TimeInterval = 0.3
  )
    -> (SettingsViewModel, AppSync)
  {
    var environment = world.environment(.en)
    let appSync = AppSync(store: sync)
    environment.sync = appSync
    appSync.startSyncingInBackground(
      observing: world.store, now: { Date() },
      listing: { _ in
        looks.update { $0 += 1 }
        return listing.value
      }, poll: 0.05, debounce: debounce)
    return (SettingsViewModel(environment: environment), appSync)
  }

  /// Runs `body`, then stops the background syncs `appSync` started, whether `body` threw or not.
  func stopping(_ appSync: AppSync, after body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch {
      await appSync.stopSyncingInBackground()
      throw error
    }
    await appSync.stopSyncingInBackground()
  }

  @Test func theAppSyncsAtOnceThenOnlyWhenTheFolderChanges() async throws {
    let sync = ScriptedSync(SyncStatus(folder: "/f"))
    let listing = Watched("a/00000001.jsonl 120")
    let looks = Watched(0)
    let (model, appSync) = background(sync, listing: listing, looks: looks)
    try await stopping(appSync) { () async throws in
      #expect(await until { sync.syncs == 1 && model.state.syncTitle.contains("last synced") })
      // Ten more looks at an unchanged folder (counted, not slept for): no sync.
      let seen = looks.value
      #expect(await until { looks.value >= seen + 10 })
      #expect(sync.syncs == 1)
      listing.update { $0 = "a/00000001.jsonl 120\nb/00000001.jsonl 80" }
      #expect(await until { sync.syncs == 2 })
    }
  }

  @Test func aStatusReadAskedBeforeABackgroundSyncDoesNotPutBackTheStatusBeforeIt() async throws {
    // The sync reports a log of a newer Tracker, so the screen shows when the sync's end came.
    let newer = UnreadLog(device: "6F1C2A3B-0D4E-4F5A-8B6C-7D8E9F0A1B2C", sequence: 4, isIncomplete: false)
    let sync = ScriptedSync(SyncStatus(folder: "/f"), unread: [newer])
    var environment = world.environment(.en)
    let appSync = AppSync(store: sync)
    environment.sync = appSync
    let model = SettingsViewModel(environment: environment)
    await appSync.settled()
    // A read asked now (another program joined a folder, say) reads "not synced yet", and is
    // answered only after the sync below has ended and been shown.
    sync.holdNextRead()
    appSync.refresh()
    #expect(await until { sync.heldRead.waiting == 1 })
    appSync.startSyncingInBackground(
      observing: world.store, now: { Date() }, listing: { _ in "" }, poll: 0.05, debounce: 60)
    try await stopping(appSync) { () async throws in
      #expect(await until { appSync.state.newerLogs == [newer] && sync.syncs == 1 })
      sync.heldRead.open()
      await appSync.settled()
      #expect(appSync.state.status.lastSynced != nil, "the status before the sync came back")
      #expect(await until { model.state.syncTitle.contains("last synced") }, "\(model.state.syncTitle)")
    }
  }

  @Test func changesMadeHereAreSentOnceAfterTheyStop() async throws {
    let sync = ScriptedSync(SyncStatus(folder: "/f"))
    // A burst of three changes, well within the wait after each (a loaded machine is slow).
    let looks = Watched(0)
    let (_, appSync) = background(sync, listing: Watched(""), looks: looks, debounce: 2)
    try await stopping(appSync) { () async throws in
      #expect(await until { sync.syncs == 1 })
      for number in 1...3 {
        try world.store.createCategory(TrackerCategory(id: id(number), title: "Category \(number)"))
      }
      #expect(await until { sync.syncs == 2 })
      // The sync came from the last change's wait, the last one pending (the waits end in the order
      // they began, on the sync's queue); ten looks later there is still no other.
      let seen = looks.value
      #expect(await until { looks.value >= seen + 10 })
      #expect(sync.syncs == 2, "one sync for the three changes")
    }
  }

  @Test func aChangeNotSentYetIsSentWhenTheAppCloses() async throws {
    let sync = ScriptedSync(SyncStatus(folder: "/f"))
    var environment = world.environment(.en)
    let appSync = AppSync(store: sync)
    environment.sync = appSync
    appSync.startSyncingInBackground(
      observing: world.store, now: { Date() }, listing: { _ in "" }, poll: 0.05, debounce: 60)
    #expect(await until { sync.syncs == 1 })
    try world.store.createCategory(home)
    await appSync.stopSyncingInBackground()
    #expect(sync.syncs == 2)
  }

  @Test func aChangeAFailedSyncDidNotSendIsSentWhenTheAppCloses() async throws {
    let sync = ScriptedSync(SyncStatus(folder: "/f"))
    sync.fail(with: .folderMissing("/f"))
    let appSync = AppSync(store: sync)
    // One look only (at launch): what follows is the change's own sync, then the quit.
    appSync.startSyncingInBackground(
      observing: world.store, now: { Date() }, listing: { _ in "" }, poll: 600, debounce: 0.2)
    #expect(await until { sync.syncs == 1 })
    try world.store.createCategory(home)
    #expect(await until { sync.syncs == 2 })
    sync.fail(with: nil)
    await appSync.stopSyncingInBackground()
    #expect(sync.syncs == 3)
  }

  @Test func aFailedSyncShowsUnderTheRowAndGoesWhenTheNextSucceeds() async throws {
    let sync = ScriptedSync(SyncStatus(folder: "/f", lastSynced: twoMinutesAgo))
    sync.fail(with: .folderMissing("/f"))
    let (model, appSync) = background(sync, listing: Watched(""))
    try await stopping(appSync) { () async throws in
      #expect(
        await until {
          model.state.syncWarnings
            == ["Last sync failed: the folder is not there (is the disk or the sync program there?)"]
        })
      // The row keeps the last sync that worked.
      #expect(model.state.syncTitle == "Sync: /f · last synced 11:58")
      sync.fail(with: nil)
      #expect(await until { model.state.syncWarnings.isEmpty && sync.syncs >= 2 })
    }
  }

  @Test func aLogOfANewerTrackerIsAWarningAndOneStillBeingCopiedIsNot() async throws {
    let sync = ScriptedSync(
      SyncStatus(folder: "/f"),
      unread: [
        UnreadLog(device: "6F1C2A3B-0D4E-4F5A-8B6C-7D8E9F0A1B2C", sequence: 4, isIncomplete: false),
        UnreadLog(device: "B03A0000-0D4E-4F5A-8B6C-7D8E9F0A1B2C", sequence: 2, isIncomplete: true),
      ])
    let (model, appSync) = background(sync, listing: Watched(""))
    try await stopping(appSync) { () async throws in
      #expect(
        await until {
          model.state.syncWarnings == [
            "Device 6F1C2A3B uses a newer Tracker: update Tracker here to get its changes"
          ]
        }, "\(model.state.syncWarnings)")
    }
  }

  @Test(arguments: [
    (SyncError.notAFolder("/f"), "it is a file, not a folder"),
    (.folderRefused("/f", .permissionDenied), "permission denied"),
    (.folderRefused("/f", .diskFull), "the disk is full"),
    (
      .store(.storage(StorageFailure(.busy, detail: ""))),
      "Another program is using the data file. Try again in a moment."
    ),
  ])
  func aFailureSaysWhyInAFewWords(_ error: SyncError, reason: String) {
    #expect(SettingsViewModel.reason(error, Localizer(.en)) == reason)
  }

  /// A file or folder missing in the shared folder, in both languages; a refusal
  /// the app has no words of its own for is the system's words, never an error number.
  @Test func aFileGoneDuringTheSyncAndAnUnnamedRefusalSayWhyInBothLanguages() {
    let gone = SyncError.folderRefused("/f/tracker-sync/x", .missing)
    #expect(SettingsViewModel.reason(gone, Localizer(.en)) == "a file or folder in it is missing")
    #expect(SettingsViewModel.reason(gone, Localizer(.ru)) == "в ней нет нужного файла или папки")
    let loop = SyncError.folderRefused("/f", FileSystemRefusal(CocoaError(.fileWriteUnknown)))
    for language in [Language.en, .ru] {
      let reason = SettingsViewModel.reason(loop, Localizer(language))
      #expect(reason == "the system gave no reason (error 512)")
      #expect(!reason.contains("NSCocoaErrorDomain"))
    }
  }
}

/// The sync row follows a sync made outside Settings (another window, the command line on this
/// data file) with no call to `refresh()`: a sync that changed no data still tells the screens.
@MainActor
@Suite("Sync row follows the store", .temporaryFolders)
struct SyncRowFollowsTheStoreTests {
  @Test func aFolderJoinedElsewhereShowsOnTheRowWithoutARefresh() async throws {
    let folder = TemporaryFolder()
    let share = folder.path("share")
    try FileManager.default.createDirectory(atPath: share, withIntermediateDirectories: true)
    let store = try SQLiteTrackerStore(path: folder.path("tracker.sqlite"), now: Date())
    let world = TestWorld()
    var environment = world.environment(.en, store: store)
    environment.sync = AppSync(store: store)
    let settings = SettingsViewModel(environment: environment)
    #expect(settings.state.syncTitle == "Sync: off")
    try store.sync(folder: share, now: Date())
    #expect(await until { settings.state.syncTitle.hasPrefix("Sync: " + share) })
  }
}
