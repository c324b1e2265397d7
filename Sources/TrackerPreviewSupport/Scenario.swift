import Foundation
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// A named state of one of the apps, reached the way a user reaches it: the data the app starts
/// from, then the user's actions. Snapshot tests, the renderer's fit tests and the command line's
/// `show` and `tour` use these, so every screen state that matters is defined once.
///
/// Both apps' scenarios are this one type: `ScreenScenario` is the tracker's
/// (`Scenario<TrackerScenarios>`), `TodoScenario` the to-do list's. What an app gives is its own:
/// its screens, the data a run starts from, how it launches on that data, and its list of states
/// (`ScenarioApp`).
public struct Scenario<App: ScenarioApp>: Sendable {
  /// `screen-state`, as used in snapshot names.
  public var name: String
  /// The screen the scenario ends on.
  public var screen: App.Screen
  /// The data the app starts from.
  public var start: App.Start
  /// The user's actions for a run.
  public var actions: @Sendable (ScenarioContext) -> [UserAction]

  /// A scenario: its name, the screen it ends on, its data and its actions.
  public init(
    name: String, screen: App.Screen, start: App.Start,
    actions: @escaping @Sendable (ScenarioContext) -> [UserAction] = { _ in [] }
  ) {
    self.name = name
    self.screen = screen
    self.start = start
    self.actions = actions
  }

  /// Every state of the app that matters, in the order a new user meets them.
  public static var all: [Scenario] { App.scenarios }

  /// The scenario called `name`.
  public static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }

  /// Runs the scenario on `environment` (whose store should be empty) as of its today: the data,
  /// then the app launched as it launches (a loading list given up to `seconds` of the real clock
  /// to load), then the actions, each awaited until its store work and the state it leads to are
  /// done — so the screen is the same whether the main actor waits for store calls or not.
  @MainActor
  public func run(environment: StoreEnvironment<App.Dependencies>, loadingWithin seconds: Double = 600)
    async throws -> App.Flow
  {
    let context = ScenarioContext(language: environment.language, today: App.today(in: environment))
    let flow = try await App.launch(start, environment: environment)
    await flow.settled()
    if App.loads(start), await !flow.loaded(within: seconds) {
      throw ScenarioError.stillLoading(name, seconds: seconds)
    }
    for action in actions(context) {
      try flow.perform(action)
      await flow.settled()
    }
    return flow
  }
}

/// What a scenario's actions may depend on: the run's language (labels and typed text differ) and
/// its today (dates to tap).
public struct ScenarioContext: Sendable {
  public var language: Language
  public var today: Day

  /// A context with every field given.
  public init(language: Language, today: Day) {
    self.language = language
    self.today = today
  }
}

/// What an app gives its scenarios: the rest of `Scenario` is the same for both apps.
public protocol ScenarioApp: Sendable {
  /// The app's stable screen names.
  associatedtype Screen: Hashable & Sendable
  /// The data a run starts from (stored data, what a network answers, how the store behaves).
  associatedtype Start: Sendable
  /// What the app's environment holds of its own (`StoreEnvironment<Dependencies>`).
  associatedtype Dependencies: EnvironmentDependencies
  associatedtype Flow: DrivenApp

  /// Every state that matters, in the order a new user meets them.
  static var scenarios: [Scenario<Self>] { get }
  /// The day a run on `environment` takes as today.
  @MainActor static func today(in environment: StoreEnvironment<Dependencies>) -> Day
  /// Puts `start` into `environment`'s store (off the main actor) and launches the app on it.
  @MainActor static func launch(_ start: Start, environment: StoreEnvironment<Dependencies>) async throws
    -> Flow
  /// Whether the app loads something at launch from `start` that its run waits for.
  static func loads(_ start: Start) -> Bool
}

/// Why a scenario could not be run.
public enum ScenarioError: Error, Equatable, CustomStringConvertible {
  /// The scenario's loading did not end within the seconds given.
  case stillLoading(String, seconds: Double)

  public var description: String {
    switch self {
    case .stillLoading(let name, let seconds): "\(name): still loading after \(Int(seconds)) s"
    }
  }
}
