import FlowTestSupport
import Foundation
import Testing
import TrackerLocalization
import TrackerModels
import TrackerStore
import TrackerTextRenderer
import TrackerViewModels

@testable import TrackerAutomation

/// An element's identity is a typed value with one text form (issue 31, item 4): the identifiers
/// docs/scripting.md lists, which scripts write, and which nothing takes apart again.
@Suite("Element identifiers")
struct ElementIDTests {
  static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../docs/scripting.md").standardized

  /// Every kind of identifier, and its text as the scripting guide writes it (a name as its
  /// placeholder, `<name>`).
  static let documented: [(ElementID, String)] = [
    (.ok, "ok"), (.confirm, "confirm"), (.cancel, "cancel"), (.done, "done"), (.save, "save"), (.add, "add"),
    (.edit, "edit"), (.delete, "delete"), (.field(.search), "search"), (.field(.name), "name"),
    (.field(.title), "title"), (.field(.time), "time"), (.field(.text), "text"),
    (.clear(.name), "clear-name"),
    (.tab(.trackers), "tab-trackers"), (.tab(.statistics), "tab-statistics"),
    (.tab(.settings), "tab-settings"),
    (.start, "start"), (.date, "date"), (.filters, "filters"), (.card("<name>"), "card:<name>"),
    (.complete("<name>"), "complete:<name>"), (.pin, "pin"), (.unpin, "unpin"), (.dayOff, "day-off"),
    (.moveUp, "move-up"), (.moveDown, "move-down"), (.archive, "archive"),
    (.section("<category title>"), "section:<category title>"), (.scope(nil), "scope:all"),
    (.scope("<category title>"), "scope:<category title>"), (.unarchive("<name>"), "unarchive:<name>"),
    (.cancelDayOff, "cancel-day-off"), (.habit, "habit"), (.event, "event"), (.categoryRow, "category"),
    (.scheduleRow, "schedule"), (.daysMinus, "days-minus"), (.daysPlus, "days-plus"), (.emoji(1), "emoji:1"),
    (.emoji(18), "emoji:18"), (.color(1), "color:1"), (.color(18), "color:18"), (.create, "create"),
    (.discard, "discard"), (.keepEditing, "keep-editing"),
    (.category("<title>"), "category:<title>"), (.addCategory, "add-category"),
    (.weekday(.monday), "day:mon"),
    (.weekday(.sunday), "day:sun"), (.filter(.all), "filter:all"), (.filter(.today), "filter:today"),
    (.filter(.completed), "filter:completed"), (.filter(.notCompleted), "filter:not-completed"),
    (.previousMonth, "prev-month"), (.nextMonth, "next-month"), (.back, "back"), (.reminder, "reminder"),
    (.reminderTime, "reminder-time"), (.dayStart, "day-start"), (.hour(0), "hour:00"), (.hour(12), "hour:12"),
    (.allow, "allow"), (.notNow, "not-now"), (.completed, "completed"), (.retry, "retry"),
    (.todo("<title, else text>"), "todo:<title, else text>"),
    // Issue 32: form
    (.measure(.yesNo), "measure:yes-no"), (.measure(.amount), "measure:amount"), (.field(.unit), "unit"),
    (.field(.target), "target"), (.direction(.atLeast), "direction:at-least"),
    (.direction(.atMost), "direction:at-most"), (.scheduleKind(.weekdays), "schedule:weekdays"),
    (.scheduleKind(.week), "schedule:week"), (.scheduleKind(.month), "schedule:month"),
    (.quotaMinus, "quota-minus"), (.quotaPlus, "quota-plus"),
    // Issue 49: N times in Y days, a target's period
    (.scheduleKind(.window), "schedule:window"), (.windowDaysMinus, "window-days-minus"),
    (.windowDaysPlus, "window-days-plus"), (.targetPeriod(.day), "target-period:day"),
    (.targetPeriod(.week), "target-period:week"), (.targetPeriod(.month), "target-period:month"),
  ]

  @Test func everyIdentifierIsWrittenAsTheScriptingGuideListsIt() throws {
    let guide = try String(contentsOf: Self.page, encoding: .utf8)
    for (id, text) in Self.documented {
      #expect(id.text == text)
      #expect(id.description == text)
      #expect(
        guide.contains("`\(text)`") || guide.contains("#\(text)`"),
        "docs/scripting.md does not list `\(text)`")
    }
    // A day is its ISO date, as the guide's `day:YYYY-MM-DD` says; an hour has two digits.
    #expect(ElementID.day(try Day(iso: "2026-11-30")).text == "day:2026-11-30")
    #expect(guide.contains("`day:YYYY-MM-DD`"))
    #expect(ElementID.hour(3).text == "hour:03")
    // Each text names one identifier.
    #expect(Set(Self.documented.map(\.1)).count == Self.documented.count)
  }

  /// The day start sheet with its hours titled otherwise than "03:00" (as a 12-hour clock would
  /// say them): the identifiers, the spoken names and the renderer's anchors follow the hours.
  @MainActor
  @Test func theDayStartHoursAreIdentifiedByTheirHourNotTheirTitle() async throws {
    let store = InMemoryTrackerStore()
    try store.saveSettings(StoreSettings(isOnboardingDone: true))
    let flow = await AppFlow.launch(
      environment: .fixed(
        now: Date(timeIntervalSince1970: 1_796_032_800), timeZone: TimeZone(identifier: "Europe/Moscow")!,
        language: .en, store: store))
    await flow.settled()
    for step in ["tab-settings", "day-start"] { try await flow.tapAndSettle(step) }
    #expect(flow.elements.map(\.identifier) == DayStart.all.map { .hour($0.hour) })
    #expect(flow.elements.map(\.id) == (0...12).map { "hour:" + ($0 < 10 ? "0" : "") + "\($0)" })

    var view = flow.view
    guard case .dayStart(var sheet)? = view.presented.last else {
      Issue.record("no day start sheet")
      return
    }
    for index in sheet.rows.indices {
      let hour = sheet.rows[index].start.hour
      sheet.rows[index].title = "\(hour == 0 ? 12 : hour) AM"
    }
    view.presented[view.presented.count - 1] = .dayStart(sheet)
    let hours = DayStart.all.map { ElementID.hour($0.hour) }
    let elements = ElementTree.spokenElements(of: view, localizer: Localizer(.en))
    #expect(elements.map(\.identifier) == hours)
    #expect(elements.first { $0.identifier == .hour(3) }?.spoken.contains("3 AM") == true)
    let anchors = ScreenRenderer(width: 40).lines(for: view).flatMap(\.spans).compactMap(\.anchor)
    #expect(Set(anchors) == Set(hours))
  }
}
