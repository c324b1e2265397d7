import Foundation
import TrackerLocalization
import TrackerModels

/// The settings tab (seed 004, step 5): the daily reminder's switch and, while it is on, its time.
///
/// Turning the reminder on asks for permission the first time (the explanation first, then the
/// system's question); granted, a daily notification is scheduled; denied or "Not now", the switch
/// goes back off. A new time reschedules; turning it off cancels. At launch the stored setting and
/// the scheduler are brought to agree.
@MainActor
public final class SettingsViewModel: ObservableViewModel, RegionFollowing {
  /// What the settings tab shows.
  public struct State: Equatable, Sendable, AlertShowing {
    public var title: String
    public var reminderTitle: String
    public var isReminderOn: Bool
    public var timeTitle: String
    /// "20:00"; shown while the reminder is on.
    public var timeText: String
    /// Set when the system refused notifications.
    public var deniedNote: String?
    /// "Day starts at 03:00": the row under the reminder that opens the day start sheet.
    public var dayStartTitle: String
    /// The sync row (element `sync`, docs/sync.md): "Sync: /home/anna/Sync · last synced 12:03",
    /// or "Sync: off".
    public var syncTitle: String
    /// Under the sync row while no folder is joined: how to join one.
    public var syncHint: String?
    /// Under the sync row: devices whose clocks run ahead, devices whose logs need a newer
    /// Tracker, and why the last background sync failed.
    public var syncWarnings: [String]
    /// Whether the stored settings, and the sync's status where there is a sync, have been read:
    /// until then the screen shows its title and no rows (never a reminder, a day start or
    /// "Sync: off" that may not be what is stored).
    public var isRead: Bool
    public var alert: AlertState?
    /// "Archived" and the archived trackers, each with its button that brings it back (issue 49);
    /// no rows while none is archived (the title then says so).
    public var archivedTitle: String = ""
    public var archived: [ArchivedRow] = []

    /// A value with every field given.
    public init(
      title: String, reminderTitle: String, isReminderOn: Bool, timeTitle: String, timeText: String,
      deniedNote: String? = nil, dayStartTitle: String = "", syncTitle: String = "", syncHint: String? = nil,
      syncWarnings: [String] = [], alert: AlertState? = nil, isRead: Bool = false
    ) {
      self.isRead = isRead
      self.dayStartTitle = dayStartTitle
      self.syncTitle = syncTitle
      self.syncHint = syncHint
      self.syncWarnings = syncWarnings
      self.title = title
      self.reminderTitle = reminderTitle
      self.isReminderOn = isReminderOn
      self.timeTitle = timeTitle
      self.timeText = timeText
      self.deniedNote = deniedNote
      self.alert = alert
    }
  }

  /// An archived tracker of the Archived list.
  public struct ArchivedRow: Equatable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var emoji: String
    /// "Bring back", said with the name to screen readers.
    public var restoreTitle: String

    /// A value with every field given.
    public init(id: UUID, name: String, emoji: String, restoreTitle: String) {
      self.id = id
      self.name = name
      self.emoji = emoji
      self.restoreTitle = restoreTitle
    }
  }

  /// Where the settings ask the flow to go.
  public enum Route: Equatable, Sendable {
    /// The explanation before the system's question (screen `permission`).
    case permission
    /// The time sheet (screen `time-picker`) with the current time.
    case timePicker(ReminderTime)
    /// The day start sheet (screen `day-start`) with the current hour.
    case dayStart(DayStart)
  }

  public let observable: ObservableState<State>
  public var onRoute: ((Route) -> Void)?

  package let environment: AppEnvironment
  private var reminder = ReminderSettings()
  private var dayStart = DayStart.midnight
  /// Whether the stored settings have been read (`State.isRead` waits for the sync's status too).
  private var settingsRead = false

  /// The settings as stored, with the scheduler brought to agree with them.
  public init(environment: AppEnvironment) {
    self.environment = environment
    let localizer = environment.localizer
    observable = ObservableState(
      State(
        title: localizer.text(.settingsTitle), reminderTitle: localizer.text(.settingsReminder),
        isReminderOn: false,
        timeTitle: localizer.text(.settingsTime), timeText: ReminderTime.evening.description,
        dayStartTitle: localizer.text(.settingsDayStart(DayStart.midnight.description))))
    showSync()
    // The reminder and the day start as stored, now and after each burst of commits that changed
    // them (another screen, another process; this screen's own saves find them as it shows them).
    var isFirstRead = true
    subscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in try store.settings() },
      onChange: { [weak self] read in
        guard let self else { return }
        switch read {
        case .success(let stored):
          self.follow(stored, isFirstRead: isFirstRead)
          isFirstRead = false
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
      })
    // The archived trackers, now and after each burst of commits that touched trackers.
    archivedSubscription = environment.access.observe(
      fetch: { (store) throws(StoreError) in try store.trackers().map(\.tracker).filter(\.isArchived) },
      onChange: { [weak self] read in
        guard let self else { return }
        switch read {
        case .success(let trackers):
          self.archivedTrackers = trackers
          self.showArchived()
        case .failure(let error):
          self.state.alert = .storeFailure(error, .read, self.environment.localizer)
        }
      })
    // A sync here or in another program, or a folder joined: the sync row reads its status again.
    everything = environment.access.observe { [weak self] change in
      guard change.isEverything || change.syncChanged, let environment = self?.environment else { return }
      environment.sync?.refresh()
    }
    syncBinding = environment.sync?.observable.observe { [weak self] _ in self?.showSync() }
    region = following(environment.region) { $0.relabel() }
  }

  /// Follows the environment's language and time zone.
  package var region: RegionFollower?

  /// The texts in the new language; a reminder that is on is scheduled again with its title and
  /// body in that language.
  private func relabel() {
    let localizer = environment.localizer
    var next = state
    next.title = localizer.text(.settingsTitle)
    next.reminderTitle = localizer.text(.settingsReminder)
    next.timeTitle = localizer.text(.settingsTime)
    if next.deniedNote != nil { next.deniedNote = localizer.text(.settingsDenied) }
    next.dayStartTitle = localizer.text(.settingsDayStart(dayStart.description))
    next.alert = next.alert?.relabelled(localizer)
    Self.describeSync(environment, into: &next)
    state = next
    showArchived()
    if reminder.isOn { reconcile() }
  }

  /// The saves of the reminder and of the day start under way, and what was read of them
  /// meanwhile (`follow`).
  private var reminderSaves = SavesUnderWay<ReminderSettings>()
  private var dayStartSaves = SavesUnderWay<DayStart>()
  private var subscription: ObservationToken?
  private var archivedSubscription: ObservationToken?
  /// The archived trackers last read.
  private var archivedTrackers: [Tracker] = []
  private var everything: ObservationToken?
  private var syncBinding: BindingToken?

  /// The reminder and the day start as stored: shown, and the scheduler brought to agree with
  /// the reminder at launch and whenever it changed elsewhere. A value equal to what the screen
  /// shows (its own save coming back) changes nothing.
  /// While a save of the reminder or of the day start is under way, the screen keeps the value
  /// it saves: a read between two saves (or begun before one) holds the value stored before it,
  /// and showed it for a moment (the switch on again, the system asked again).
  private func follow(_ stored: StoreSettings, isFirstRead: Bool) {
    let storedReminder = reminderSaves.mayShow(stored.reminder) ? stored.reminder : reminder
    let storedDayStart = dayStartSaves.mayShow(stored.dayStart) ? stored.dayStart : dayStart
    guard isFirstRead || storedReminder != reminder || storedDayStart != dayStart else { return }
    let reminderChanged = isFirstRead || storedReminder != reminder
    reminder = storedReminder
    dayStart = storedDayStart
    show(isRead: true)
    if reminderChanged { reconcile() }
  }

  /// The Archived list in the environment's language, by name.
  private func showArchived() {
    let localizer = environment.localizer
    let collation = Collation(environment.language)
    var next = state
    next.archivedTitle =
      archivedTrackers.isEmpty
      ? localizer.text(.settingsArchivedNone)
      : localizer.text(.settingsArchived(count: archivedTrackers.count))
    next.archived = archivedTrackers.sorted { collation.areInOrder($0.name, $1.name) }.map {
      ArchivedRow(id: $0.id, name: $0.name, emoji: $0.emoji, restoreTitle: localizer.text(.settingsUnarchive))
    }
    state = next
  }

  /// Call when the user tapped an archived tracker's "Bring back": it is on the main screen again,
  /// with its history, and leaves this list.
  public func unarchiveTapped(_ id: UUID) {
    attemptSoon(environment) { try $0.setArchived(false, trackerID: id) }
  }

  /// Call when the user tapped "Day starts at".
  public func dayStartTapped() {
    guard state.isRead else { return }
    onRoute?(.dayStart(dayStart))
  }

  /// Call when the day start sheet gave an hour: "today" moves with it everywhere.
  public func dayStartChosen(_ start: DayStart) {
    guard start != dayStart else { return }
    // Shown at once; a save that fails puts back what is stored and says why.
    let before = dayStart
    dayStart = start
    // "Today" counts from the new hour at once, everywhere (no screen waits for the store to say so).
    let (cache, access) = (environment.dayStartCache, environment.access)
    cache.remember(start, through: access)
    cache.saveBegan()
    dayStartSaves.began(over: before)
    show()
    saving(environment.access, environment.localizer) { (store) throws(StoreError) in
      try store.updateSettings { $0.dayStart = start }
    } then: { [weak self] _ in
      cache.saveEnded()
      self?.dayStartSaves.saved(start)
    } failed: { [weak self] in
      cache.saveEnded()
      // What is stored, once no other save of the hour is on its way: the hour read meanwhile,
      // else what the saves left.
      guard let self, let failed = dayStartSaves.failed() else { return }
      let stored = failed.read ?? failed.stored
      cache.remember(stored, through: access)
      dayStart = stored
      show()
    }
  }

  /// Call when the user flipped the reminder's switch.
  public func reminderToggled() {
    // Not before the stored reminder is known: a flip is of what is stored.
    guard state.isRead else { return }
    if reminder.isOn {
      environment.notifications.cancelDailyReminder()
      save(ReminderSettings(isOn: false, time: reminder.time))
      return
    }
    let notifications = environment.notifications
    environment.access.ask {
      await notifications.authorizationStatus()
    } then: { [weak self] status in
      self?.turnOn(status)
    }
  }

  /// Call when the user tapped the time.
  public func timeTapped() {
    guard state.isRead else { return }
    onRoute?(.timePicker(reminder.time))
  }

  /// Call when the time sheet's Done gave a new time: the reminder is rescheduled.
  public func timeChosen(_ time: ReminderTime) {
    guard time != reminder.time else { return }
    let next = ReminderSettings(isOn: reminder.isOn, time: time)
    save(next) { [weak self] in self?.scheduleIfStill(next) }
  }

  /// Call when the user chose Allow on the explanation: the system's question.
  public func permissionAllowed() {
    let notifications = environment.notifications
    environment.access.ask {
      await notifications.requestAuthorization()
    } then: { [weak self] granted in
      self?.turnOn(granted ? .granted : .denied)
    }
  }

  /// Call when the user chose "Not now": the switch stays off.
  public func permissionPostponed() { show() }

  /// Call when the day may have changed: the last sync gets its date once it was not today.
  public func clockChanged() { showSync() }

  private func turnOn(_ status: NotificationAuthorization) {
    switch status {
    case .notDetermined:
      onRoute?(.permission)
    case .granted:
      let next = ReminderSettings(isOn: true, time: reminder.time)
      state.deniedNote = nil
      save(next) { [weak self] in self?.scheduleIfStill(next) }
    case .denied:
      state.deniedNote = environment.localizer.text(.settingsDenied)
      show()
    }
  }

  /// At launch, and when the stored reminder changes: a reminder stored as on is scheduled again
  /// when allowed, and turned off (with the note) when the system refuses it; one stored as off
  /// leaves nothing scheduled. A reminder turned on where this app was never asked (another
  /// process, a widget, a restored backup) stays on as stored: nothing is scheduled here until
  /// the user is asked, and nothing another program chose is saved over.
  private func reconcile() {
    guard reminder.isOn else {
      environment.notifications.cancelDailyReminder()
      return
    }
    let notifications = environment.notifications
    environment.access.ask {
      await notifications.authorizationStatus()
    } then: { [weak self] status in
      guard let self else { return }
      switch status {
      case .granted:
        // Switched off while the system answered: that cancelled it, and it stays so.
        if self.reminder.isOn { self.schedule(self.reminder) }
      case .denied:
        self.environment.notifications.cancelDailyReminder()
        self.state.deniedNote = self.environment.localizer.text(.settingsDenied)
        self.save(ReminderSettings(isOn: false, time: self.reminder.time))
      case .notDetermined:
        self.state.deniedNote = nil
      }
    }
  }

  /// Schedules `saved` (a reminder that is on, just stored) unless the user changed the reminder
  /// while it was being saved: switched off meanwhile (cancelled at once), the reminder must not
  /// be scheduled again by the save that ends after it.
  private func scheduleIfStill(_ saved: ReminderSettings) {
    guard saved.isOn, reminder == saved else { return }
    schedule(saved)
  }

  private func schedule(_ reminder: ReminderSettings) {
    let localizer = environment.localizer
    environment.notifications.scheduleDailyReminder(
      at: reminder.time, title: localizer.text(.reminderTitle), body: localizer.text(.reminderBody))
  }

  /// Stores `next`, shown at once, then runs `done`; when that fails the screen puts back what is
  /// stored and says why.
  private func save(_ next: ReminderSettings, then done: @escaping @MainActor @Sendable () -> Void = {}) {
    let before = reminder
    reminder = next
    reminderSaves.began(over: before)
    show()
    saving(environment.access, environment.localizer) { (store) throws(StoreError) in
      try store.updateSettings { $0.reminder = next }
    } then: { [weak self] _ in
      self?.reminderSaves.saved(next)
      done()
    } failed: { [weak self] in
      // What is stored, once no other save of the reminder is on its way: the reminder read
      // meanwhile (changed elsewhere: the scheduler is brought to agree with it), else what the
      // saves left (the scheduler already agrees: a save schedules only once it is saved).
      guard let self, let failed = reminderSaves.failed() else { return }
      reminder = failed.read ?? failed.stored
      show()
      if failed.read != nil { reconcile() }
    }
  }

  private func show(isRead: Bool = false) {
    var next = state
    if isRead { settingsRead = true }
    next.isRead = settingsRead && isSyncRead
    next.isReminderOn = reminder.isOn
    next.timeText = reminder.time.description
    next.dayStartTitle = environment.localizer.text(.settingsDayStart(dayStart.description))
    state = next
  }
}

// Issue 33: sync
extension SettingsViewModel {
  /// The sync row as the sync stands now.
  private func showSync() {
    var next = state
    Self.describeSync(environment, into: &next)
    next.isRead = settingsRead && isSyncRead
    state = next
  }

  /// Whether the sync's status has been read (there is none to read without a sync).
  private var isSyncRead: Bool { environment.sync?.state.isRead ?? true }

  /// Fills in the sync row, its hint and its warnings (docs/sync.md, docs/decisions.md).
  static func describeSync(_ environment: AppEnvironment, into state: inout State) {
    let localizer = environment.localizer
    guard let sync = environment.sync?.state, let folder = sync.status.folder else {
      state.syncTitle = localizer.text(.settingsSyncOff)
      state.syncHint = localizer.text(.settingsSyncHint)
      state.syncWarnings = []
      return
    }
    state.syncTitle =
      sync.status.lastSynced.map {
        localizer.text(
          .settingsSyncOn(folder, syncTime($0, now: environment.now(), environment.timeZone, localizer)))
      } ?? localizer.text(.settingsSyncNotYet(folder))
    state.syncHint = nil
    var warnings = sync.status.clocksAhead.map {
      localizer.text(
        .settingsSyncClockAhead(String($0.device.prefix(8)), localizer.plural(.syncHours, count: $0.hours)))
    }
    for log in sync.newerLogs {
      warnings.append(localizer.text(.settingsSyncNewerLog(String(log.device.prefix(8)))))
    }
    if let failure = sync.failure {
      warnings.append(localizer.text(.settingsSyncFailed(reason(failure, localizer))))
    }
    state.syncWarnings = warnings
  }

  /// When a sync ended, in the user's time zone: "12:03" today, "2 Dec 12:03" another day of
  /// this year, "1 Dec 2025 12:03" before (24-hour times, as the reminder's and the day start's).
  static func syncTime(_ date: Date, now: Date, _ timeZone: TimeZone, _ localizer: Localizer) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    let day = Day(date, in: timeZone)
    let today = Day(now, in: timeZone)
    if day == today { return time }
    let date =
      day.year == today.year
      ? localizer.dayAndMonth(day: day.day, month: day.month) : DisplayText.longDate(day, localizer)
    return date + " " + time
  }

  /// Why a sync failed, in a few words: the folder itself is on the row.
  static func reason(_ error: SyncError, _ localizer: Localizer) -> String {
    switch error {
    case .noFolder: return localizer.text(.settingsSyncReasonNoFolder)
    case .folderMissing: return localizer.text(.settingsSyncReasonMissing)
    case .notAFolder: return localizer.text(.settingsSyncReasonNotAFolder)
    case .folderRefused(_, let refusal):
      switch refusal {
      case .permissionDenied: return localizer.text(.settingsSyncReasonPermission)
      case .readOnlyFileSystem: return localizer.text(.settingsSyncReasonReadOnly)
      case .diskFull: return localizer.text(.settingsSyncReasonDiskFull)
      case .notAFolder: return localizer.text(.settingsSyncReasonPathNotAFolder)
      case .missing: return localizer.text(.settingsSyncReasonGone)
      case .link: return localizer.text(.settingsSyncReasonLink)
      case .cannotMakeFolder: return localizer.text(.settingsSyncReasonCannotMakeFolder)
      case .other(let words): return words
      }
    case .store(let error): return AlertState.reason(error, localizer)
    }
  }
}
