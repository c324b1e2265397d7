import Foundation
import TodoModels
import TodoViewModels
import TrackerLocalization
import TrackerModels
import TrackerNetwork
import TrackerPreviewSupport
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

/// The options of an invocation resolved against the context: language, today, width, output.
struct Settings {
  let language: Language
  let timeZone: TimeZone
  private(set) var today: Day
  /// The day `list`, `done` and `undone` look at: `--date`, else today.
  private(set) var date: Day
  /// The instant the app believes it is: noon of `--today`, or now.
  let now: Date
  /// The app's clock: standing at noon of `--today`, else the live clock (when the context has
  /// one), read again each time, so an app left open past midnight sees the new day.
  let clock: @Sendable () -> Date
  let width: Int
  let format: OutputFormat
  /// The app the command works with (`--app`).
  let app: AppChoice
  /// Where the to-do app loads its starting tasks from: `--todos-url`, else `TODOS_URL`, else
  /// dummyjson.com.
  let todosURL: URL
  /// Whether `--today` and `--date` were given (they win over the day start hour).
  var isTodayGiven = false
  var isDateGiven = false

  /// The clock a store refuses completions after today by (the app's clock and time zone).
  var storeClock: StoreClock { StoreClock(now: clock, timeZone: timeZone) }

  /// These settings with "today" read as the store's day start hour says (docs/rules.md): before
  /// that hour it is still the day before. `--today` and `--date` stand as given.
  func following(_ store: any TrackerDataStore) throws(StoreError) -> Settings {
    guard !isTodayGiven else { return self }
    let start = try store.settings().dayStart
    guard start != .midnight else { return self }
    var result = self
    result.today = start.today(at: now, in: timeZone)
    if !isDateGiven { result.date = result.today }
    return result
  }

  static func resolve(_ invocation: Invocation, _ context: ToolContext) -> Result<Settings, UsageError> {
    Result { () throws(UsageError) in try resolve(invocation.options, context) }
  }

  /// The settings `options` give in `context`; the error of the first option (in the order
  /// below) whose value names nothing.
  private static func resolve(_ options: Options, _ context: ToolContext) throws(UsageError) -> Settings {
    let language = options.language ?? Language.preferred(environment: context.environment)
    let timeZone = try options.timeZone?.get() ?? context.timeZone
    var today = Day(context.now, in: timeZone)
    var now = context.now
    if let given = try options.today?.get() {
      today = given
      now = given.start(in: timeZone).addingTimeInterval(12 * 3600)
    }
    let date = try options.date?.get() ?? today
    let width = try options.width?.get() ?? (options.device ?? .x).width
    let app = options.app ?? .tracker
    var todosURL = URLSessionTodoLoader.defaultURL
    if let given = options.todosURL {
      todosURL = try given.get()
    } else if let text = context.environment["TODOS_URL"], !text.isEmpty {
      todosURL = try ValueKind<Parsed<URL>>.webAddress(text, from: "TODOS_URL").get()
    }
    let theme = options.theme ?? Settings.systemTheme(context.environment)
    let colored: Bool
    switch options.color ?? .auto {
    case .always: colored = true
    case .never: colored = false
    case .auto:
      colored =
        context.isTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
        && context.environment["TERM"] != "dumb"
    }
    let standing: @Sendable () -> Date = { [now] in now }
    let clock = options.today == nil ? context.clock ?? standing : standing
    var settings = Settings(
      language: language, timeZone: timeZone, today: today, date: date, now: now, clock: clock,
      width: width,
      format: colored ? .ansi(theme) : .plain, app: app, todosURL: todosURL)
    settings.isTodayGiven = options.today != nil
    settings.isDateGiven = options.date != nil
    return settings
  }

  /// The terminal's theme as far as it tells: `COLORFGBG` ends in the background color, where 7
  /// and 15 are light and the rest dark; nil when it does not say (text then keeps the
  /// terminal's own colors).
  static func systemTheme(_ environment: [String: String]) -> Theme? {
    guard let value = environment["COLORFGBG"],
      let background = value.split(separator: ";").last.flatMap({ Int($0) })
    else { return nil }
    return background == 7 || background == 15 ? .light : .dark
  }

  /// The app's environment on `store`.
  /// One command is one instant: the clock stands still while it runs; new items get random ids.
  /// Its sync is `syncing`'s (by default the store's own, when it is a data file).
  /// Its main actor waits for no store call, as the app's: a script or `show` awaits each step's
  /// store work (`DrivenApp.settled()`) before the next, the sync status's reads among it. With
  /// `waits` (a script, `show`: each step shows its outcome), a form's save waits for a held file
  /// as long as any write, and whether the reminder was allowed is read, awaited, before this
  /// returns; else (the interactive app) a form's save gives up after `AppEnvironment.busyCut`,
  /// and that is read in the background (a question asked before it comes is answered when it
  /// does).
  @MainActor
  func appEnvironment(
    store: any TrackerDataStore, syncing: (any SyncingStore)? = nil, waits: Bool = true
  ) async -> AppEnvironment {
    var environment = AppEnvironment.fixed(now: now, timeZone: timeZone, language: language, store: store)
    environment.formSaveWait = waits ? nil : AppEnvironment.busyCut
    environment.now = clock
    environment.makeID = { UUID() }
    // The terminal's scheduler: the stored setting, shown by `remind`; allowed when it is on.
    if waits {
      let isOn = await environment.access.read { (store) throws(StoreError) in
        try store.settings().reminder.isOn
      }
      // Settings that cannot be read leave it not allowed: the app's own read of them at launch
      // says why.
      let allowed: Bool
      switch isOn {
      case .success(let on): allowed = on
      case .failure: allowed = false
      }
      environment.notifications = StoredSettingScheduler(allowed: allowed)
    } else {
      environment.notifications = StoredSettingScheduler.allowedIfOn(through: environment.access)
    }
    // Settings shows the sync of a data file; the demo and in-memory stores have none (sync off).
    if let syncing = syncing ?? (store as? SQLiteTrackerStore) {
      environment.sync = AppSync(store: syncing)
    }
    return environment
  }

  /// The to-do app's environment on `store`, loading from `loader`; new tasks get random ids.
  /// Its clock starts at `now` and moves on a millisecond each time it is read: tasks are ordered
  /// by when they were made, so two made by one script must not share an instant, and a script
  /// still gives the same result on every run. Its main actor waits for no store call, as the
  /// tracker's (`appEnvironment`); with `waits` (a script, `show`) a save waits for a held file
  /// as long as any write, else (the interactive app) it gives up after `AppEnvironment.busyCut`.
  func todoEnvironment(store: any TodoDataStore, loader: any TodoLoader, waits: Bool = true)
    -> TodoEnvironment
  {
    let clock = SteppingClock(start: now)
    var environment = TodoEnvironment.fixed(
      now: now, language: language, store: store, loader: loader)
    environment.formSaveWait = waits ? nil : AppEnvironment.busyCut
    environment.now = { clock.next() }
    environment.makeID = { UUID() }
    return environment
  }

  /// The demo data's language for `language`.
  var demoLanguage: DemoData.Language { language == .ru ? .russian : .english }
}

/// A clock that moves on a millisecond each time it is read (the to-do app's clock in a command),
/// on the main actor, where the to-do screens read it.
@MainActor
final class SteppingClock {
  private var current: Date

  nonisolated init(start: Date) { current = start }

  func next() -> Date {
    current = current.addingTimeInterval(0.001)
    return current
  }
}
