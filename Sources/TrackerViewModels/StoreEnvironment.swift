import Foundation
import TrackerLocalization
import TrackerModels

/// What an app's environment holds of its own, beside what every environment has
/// (`StoreEnvironment`): the tracker's clock, analytics, notifications, day start and sync
/// (`TrackerDependencies`); the to-do app's clock and task loader (`TodoDependencies`). Each app
/// lists its members on its environment as well (`environment.analytics`), with their own
/// documentation.
public protocol EnvironmentDependencies: Sendable {
  /// The app's store protocol (`TrackerDataStore`, `TodoDataStore`).
  associatedtype Store: Sendable
  /// What a write says it changed (`StoreChange`, `TodoChange`).
  associatedtype Change: Sendable
  /// A new access to `store`: how it hears of the store's commits, and how a form's save waits
  /// at most `StoreEnvironment.busyCut` for another program's lock.
  static func access(to store: Store) -> StoreAccess<Store, Change>
  /// Returns once what the dependencies read beside the screens is in (the sync's status, shown in
  /// Settings); at once when they read nothing.
  @MainActor func settled() async
}

extension EnvironmentDependencies {
  @MainActor public func settled() async {}
}

/// Everything a view model may reach outside itself, passed in — one type for both apps
/// (`AppEnvironment`, `TodoEnvironment`): one way to the store and the language (and time zone)
/// the screens follow, both shared by copies; how ids are made; and the app's own `dependencies`,
/// whose members read and write as the environment's (`environment.now`, declared by each app on
/// its environment). Tests pass fixed values; only the programs wire in the real world.
public struct StoreEnvironment<Dependencies: EnvironmentDependencies>: Sendable {
  public typealias Store = Dependencies.Store
  public typealias Change = Dependencies.Change

  /// The language and time zone, shared by copies: changing them re-labels every screen.
  public let region: RegionSettings
  /// The view models' way to the store: reads, writes and observation off the main actor (shared
  /// by copies).
  public private(set) var access: StoreAccess<Store, Change>
  /// Makes ids for new things (called on the main actor, where the screens are).
  public var makeID: @MainActor @Sendable () -> UUID
  /// What this app depends on beside the store and the region.
  public var dependencies: Dependencies

  /// How long a form's save waits for another program's lock before the form says the file is
  /// busy (and keeps what was typed), in the app.
  public static var busyCut: Duration { .milliseconds(100) }

  /// An environment with every part given. The main actor waits for no store call
  /// (docs/architecture.md, "The screen never freezes"): it hands each call off and hears of the
  /// outcome later; a script, a test or a client awaits `settled()` where it needs the outcome.
  public init(
    region: RegionSettings, store: Store, makeID: @escaping @MainActor @Sendable () -> UUID,
    dependencies: Dependencies
  ) {
    self.region = region
    access = Dependencies.access(to: store)
    self.makeID = makeID
    self.dependencies = dependencies
  }

  /// Where the app's data lives. View models never call it themselves: they go through
  /// `access`, off the main actor.
  public var store: Store {
    get { access.store }
    set { access = access.with(store: newValue) }
  }

  /// How long a form's save waits for another program's lock before the form says the file is
  /// busy (and keeps what was typed): `busyCut` in the app; nil in a script, whose step waits as
  /// long as any write, so its outcome never depends on a lock held for a moment.
  public var formSaveWait: Duration? {
    get { access.busyCut }
    set { access = access.with(store: store, busyCut: newValue) }
  }

  /// The language texts are shown in (it may change while the app runs).
  @MainActor public var language: Language { region.language }
  /// The texts of the environment's language.
  @MainActor public var localizer: Localizer { Localizer(language) }
  /// The writes still running ("Saving…" once one has run for a moment; shared by copies).
  public var writer: StoreWriter { access.writer }

  /// Returns once no store call made through this environment (or a copy of it) is in flight:
  /// every read and write handed off so far, and those their continuations handed off in turn,
  /// have ended and shown their outcome on the main actor; and what the dependencies read with
  /// them (the sync's status). What a test or a client awaits after an action instead of
  /// polling.
  @MainActor
  public func settled() async {
    repeat {
      await access.settled()
      await dependencies.settled()
    } while access.callsInFlight > 0
  }
}
