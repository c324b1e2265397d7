/// The stable names of the screens (docs/command-line.md), used by `show`, scripts and snapshot names.
public enum ScreenName: String, CaseIterable, Sendable {
  case onboarding
  case trackers
  case typePicker = "type-picker"
  case trackerForm = "tracker-form"
  case categories
  case categoryForm = "category-form"
  case schedule
  case filters
  case calendar
  case statistics
  case detail
  case settings
  case permission
  case timePicker = "time-picker"
  case dayStart = "day-start"
  // Issue 32: cards, sheets, detail
  case amount
  case note
}
