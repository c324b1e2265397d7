import Foundation
import TrackerLocalization
import TrackerModels

/// What both apps' environments are made of (`AppEnvironment`, `TodoEnvironment`): one way to
/// the store, shared by copies, and the language (and time zone) the screens follow, shared by
/// copies. The members every environment reads the same way come with it; each app adds its own
/// dependencies (the tracker's clock, analytics, notifications, day start and sync; the to-do
/// app's clock and task loader).
public protocol StoreEnvironment: Sendable {
  associatedtype Store: Sendable
  associatedtype Change: Sendable
  /// The view models' way to the store: reads, writes and observation off the main actor.
  var access: StoreAccess<Store, Change> { get }
  /// The language and time zone, shared by copies: changing them re-labels every screen.
  var region: RegionSettings { get }
  /// Returns once no store call made through the environment (or a copy of it) is in flight:
  /// every read and write handed off so far, and those their continuations handed off in turn,
  /// have ended and shown their outcome on the main actor. What a test or a client awaits after
  /// an action instead of polling.
  @MainActor func settled() async
}

extension StoreEnvironment {
  /// The language texts are shown in (it may change while the app runs).
  @MainActor public var language: Language { region.language }
  /// The texts of the environment's language.
  @MainActor public var localizer: Localizer { Localizer(language) }
  /// The writes still running ("Saving…" once one has run for a moment; shared by copies).
  public var writer: StoreWriter { access.writer }

  @MainActor public func settled() async { await access.settled() }
}
