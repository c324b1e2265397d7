import TodoViewModels
import TrackerViewModels

/// Which app of the package a command works with (`--app`): the habit tracker, or the to-do list
/// of seed 003 with its own data file.
enum AppChoice: String, CaseIterable {
  case tracker
  case todo

  /// The names of the app's screens, as `show` and `expect screen` take them.
  var screens: [String] {
    switch self {
    case .tracker: return ScreenName.allCases.map(\.rawValue)
    case .todo: return TodoFlow.Screen.allCases.map(\.rawValue)
    }
  }

  /// The other app, for "that screen belongs to the other app".
  var other: AppChoice { self == .tracker ? .todo : .tracker }
}
