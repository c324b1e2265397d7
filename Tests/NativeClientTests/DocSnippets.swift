// The Swift snippets of docs/native-client.md, each between markers naming the section it comes
// from, in the page's order: compiled here as a client compiles them (on Linux against the
// stand-ins of AppleFrameworkStandIns.swift). DocSnippetTests fails when the page and this file
// differ (import lines aside: the snippets' imports are checked on their own).

import Foundation
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerSync
import TrackerViewModels

#if os(iOS)
  import AppIntents
  import SwiftUI
  import UIKit
  import UserNotifications
  import WidgetKit
#endif

/// A screen that shows "Saving…" while writes wait for the data file.
final class SavingPromptController: UIViewController {
  let environment: AppEnvironment
  var savingBinding: BindingToken?

  init(environment: AppEnvironment) {
    self.environment = environment
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { nil }

  func bind() {
    // docs/native-client.md, "The contract": begin
    savingBinding = environment.writer.observe { [weak self] writer in
      self?.navigationItem.prompt = writer.showsSaving ? "Saving…" : nil
    }
    // docs/native-client.md, "The contract": end
  }
}

/// A scene that follows the system's language.
@MainActor
final class LanguageFollowingScene {
  var flow: AppFlow?
  var localeObserver: (any NSObjectProtocol)?

  func follow() {
    // docs/native-client.md, "The contract": begin
    localeObserver = NotificationCenter.default.addObserver(
      forName: NSLocale.currentLocaleDidChangeNotification, object: nil, queue: .main
    ) { [weak self] _ in
      MainActor.assumeIsolated {
        guard let flow = self?.flow else { return }
        flow.environmentChanged(
          language: Language(preferring: Locale.preferredLanguages), timeZone: flow.environment.timeZone)
      }
    }
    // docs/native-client.md, "The contract": end
  }
}

/// The environment as a client makes it.
@MainActor
func makeEnvironment(path: String) throws -> AppEnvironment {
  // docs/native-client.md, "The environment": begin
  // With the clock, the store itself refuses a completion after today (by the stored day start).
  let clock = StoreClock(now: { Date() }, timeZone: .current)
  let store = try SQLiteTrackerStore(path: path, now: Date(), clock: clock)  // or Core Data
  let language = Language(preferring: Locale.preferredLanguages)  // English when none is ours
  let environment = AppEnvironment.live(
    timeZone: .current, language: language, store: store,
    analytics: MyAnalytics())  // your AnalyticsService
  // docs/native-client.md, "The environment": end
  return environment
}

/// A client's analytics.
struct MyAnalytics: AnalyticsService {
  func report(_ event: AnalyticsEvent) {}
}

// docs/native-client.md, "UIKit": begin
final class TrackersViewController: UIViewController {
  private let model: TrackersViewModel
  private var binding: BindingToken?

  init(environment: AppEnvironment) {
    model = TrackersViewModel(environment: environment)
    super.init(nibName: nil, bundle: nil)
  }
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    model.onRoute = { [weak self] route in self?.show(route) }
    binding = model.observe { [weak self] state in self?.render(state) }  // called at once
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    model.screenOpened()
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    model.screenClosed()
  }

  private func render(_ state: TrackersViewModel.State) {
    title = state.title
    // apply state.sections to a diffable data source: sections and cards are Identifiable
    if let alert = state.alert, presentedViewController == nil {
      let controller = UIAlertController(title: alert.title, message: alert.message, preferredStyle: .alert)
      for button in alert.buttons {
        controller.addAction(
          UIAlertAction(title: button.title, style: .default) { [weak self] _ in
            switch button.action {
            case .dismiss: self?.model.alertDismissed()
            }
          })
      }
      present(controller, animated: true)
    }
  }

  // Intents: forward what the user did, nothing else.
  func addTapped() { model.addTapped() }  // your "+" button's action
  func completeTapped(on card: TrackersViewModel.Card) { model.completeTapped(card.id) }
  private func show(_ route: TrackersViewModel.Route) {
    // present the type picker, calendar, …
  }
}
// docs/native-client.md, "UIKit": end

// docs/native-client.md, "SwiftUI (iOS 17: `@State` and `@Bindable`)": begin
// Every screen's view model is `Observable`, the sheets (FiltersViewModel, TypePickerViewModel)
// included: hold it in `@State` where it is made, pass it down, read its fields directly.

struct StatisticsView: View {
  @State var statistics: StatisticsViewModel  // made once, kept across redraws

  var body: some View {
    List(statistics.cards) { card in
      VStack(alignment: .leading) {
        Text(card.value).font(.largeTitle)
        Text(card.label)
      }
    }
    .navigationTitle(statistics.title)
    .alert(
      statistics.alert?.title ?? "", isPresented: $statistics.isShowingAlert,
      presenting: statistics.alert
    ) { alert in
      ForEach(alert.buttons) { button in
        Button(button.title) { statistics.alertDismissed() }
      }
    } message: { alert in
      Text(alert.message)
    }
  }
}

struct CategoryFormView: View {
  @Bindable var form: CategoryFormViewModel  // owned by the screen that presents the form

  var body: some View {
    VStack(alignment: .leading) {
      TextField(form.placeholder, text: $form.text)  // each keystroke is `textChanged(_:)`
      Text(form.error ?? "")
      Button(form.doneTitle) { form.doneTapped() }
        .disabled(!form.isDoneEnabled)
    }
    .navigationTitle(form.title)
  }
}
// docs/native-client.md, "SwiftUI (iOS 17: `@State` and `@Bindable`)": end

/// A client that uses the flow's navigation.
@MainActor
struct FlowClient {
  let flow: AppFlow

  // docs/native-client.md, "The whole app at once": begin
  func tapped(_ element: Element) throws {
    guard case .tracker(let action)? = element.action else { return }  // nil: a tap does nothing
    try flow.send(action)
  }
  // docs/native-client.md, "The whole app at once": end
}

// docs/native-client.md, "Links": begin
/// The app's root: a link opened anywhere (a widget's row, a notification, another app) goes into
/// the flow, which closes what covers the tabs and opens the place; a refusal is shown.
struct LinkedRoot: View {
  let flow: AppFlow
  let localizer: Localizer
  @State var refusal: String? = nil

  var body: some View {
    Text(refusal ?? "")
      .onOpenURL { url in
        do throws(DeepLinkError) {
          try flow.open(url)
          refusal = nil
        } catch {
          refusal = error.message(localizer)  // why, in the user's language
        }
      }
  }
}
// docs/native-client.md, "Links": end

// docs/native-client.md, "Widgets": begin
struct HabitsEntry: TimelineEntry {
  let date: Date
  let snapshot: WidgetSnapshot
}

/// The widget's provider: it reads the snapshot the app's `WidgetFeed` wrote, never the data file.
struct HabitsProvider: TimelineProvider {
  let folder: URL  // the app group's container
  let family: WidgetSnapshot.Family

  func getTimeline(in context: Context, completion: @escaping (Timeline<HabitsEntry>) -> Void) {
    let file = folder.appendingPathComponent("widget-\(family.rawValue).json")
    guard let data = FileManager.default.contents(atPath: file.path),
      let snapshot = try? WidgetSnapshot.decode(data)
    else {
      // The app has not written one yet: ask again in a quarter of an hour.
      return completion(Timeline(entries: [], policy: .after(Date().addingTimeInterval(900))))
    }
    let entry = HabitsEntry(date: Date(), snapshot: snapshot)
    completion(Timeline(entries: [entry], policy: .after(snapshot.validUntil)))  // the next day start
  }
}
// docs/native-client.md, "Widgets": end

// docs/native-client.md, "Notifications": begin
/// Hands the system the habits' next reminders, one-shot (`ReminderNotification.upcoming`), after
/// every change and when the day turns: a habit done today has no reminder left today.
func schedule(_ planned: [ScheduledReminder], on center: UNUserNotificationCenter, in timeZone: TimeZone) {
  center.removeAllPendingNotificationRequests()
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = timeZone
  var categories: Set<UNNotificationCategory> = []
  for item in planned {
    let notification = item.notification
    // Done and Take a day off run their command where they are tapped; the others open the app.
    let buttons = notification.actions.map { action in
      let runsHere = action.kind.command(trackerID: notification.trackerID, day: notification.day) != nil
      return UNNotificationAction(
        identifier: action.kind.rawValue, title: action.name, options: runsHere ? [] : [.foreground])
    }
    categories.insert(
      UNNotificationCategory(
        identifier: notification.categoryIdentifier, actions: buttons, intentIdentifiers: []))
    let content = UNMutableNotificationContent()
    content.title = notification.title
    content.body = notification.body
    content.categoryIdentifier = notification.categoryIdentifier
    content.userInfo = [
      "tracker": notification.trackerID.uuidString, "day": notification.day.iso, "link": notification.link,
    ]
    let when = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: item.fireDate)
    center.add(
      UNNotificationRequest(
        identifier: notification.id + "@" + notification.day.iso, content: content,
        trigger: UNCalendarNotificationTrigger(dateMatching: when, repeats: false)))
  }
  center.setNotificationCategories(categories)
}
// docs/native-client.md, "Notifications": end

// docs/native-client.md, "Commands from anywhere": begin
/// A widget's "Done" button (an interactive widget) or a Shortcut: it hands the command to the app
/// through the command log in the app group's container, and never opens the data file.
struct MarkDoneIntent: AppIntent {
  static let title: LocalizedStringResource = "Mark as done"
  static let group = "group.app.tracker"

  @Parameter(title: "Habit") var trackerID: String
  @Parameter(title: "Day") var day: String

  init() {}
  init(trackerID: UUID, day: Day) {
    self.trackerID = trackerID.uuidString
    self.day = day.iso
  }

  func perform() async throws -> some IntentResult {
    guard let id = UUID(uuidString: trackerID), let day = try? Day(iso: day),
      let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.group)
    else { return .result() }
    try CommandLog(container: container.path).append([
      HabitCommand(trackerID: id, day: day, action: .setDone(true))
    ])
    return .result()
  }
}

/// The app: applies what extensions left, once each, at launch, when it comes to the foreground and
/// when the log's folder changes; the widgets' snapshots follow by themselves (`WidgetFeed`).
func mergeCommands(into store: SQLiteTrackerStore, container: URL) throws -> [StoreError] {
  let merged = try CommandLog(container: container.path).merge(into: store)
  // A habit deleted since, a day not yet come: refused once, said, never tried again.
  return merged.applied.applied.compactMap { _, outcome in
    if case .failure(let error) = outcome { return error }
    return nil
  }
}
// docs/native-client.md, "Commands from anywhere": end
