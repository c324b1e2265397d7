import Foundation
import ModelTestSupport
import TestSupport
import Testing

@testable import tracker_preview

/// `widget`: today's habits as a widget shows them (issue 48, "A widget's view model"). Whatever
/// the day and the day start, the snapshot agrees with `list --json` — the same habits in the
/// same order, done or not, off or not, the same amounts, quotas and streaks — and it holds until
/// the next day start.
@Suite("widget", .temporaryFolders)
struct WidgetCLITests {
  let fixed = ["--today", "2026-11-30", "--time-zone", "Europe/Moscow"]

  /// The demo in a data file, and the file's folder.
  func demoStore() async throws -> (store: String, folder: URL) {
    let folder = TemporaryFolder().url
    let archive = folder.appendingPathComponent("demo.json").path
    let store = folder.appendingPathComponent("tracker.sqlite").path
    #expect(try await runCLI(["export", "--demo", "--lang", "en", "--output", archive] + fixed).status == 0)
    #expect(try await runCLI(["import", archive, "--store", store] + fixed).status == 0)
    return (store, folder)
  }

  @MainActor func run(_ arguments: [String], store: String, now: Date) async -> Outcome {
    await Tool.run(
      arguments + ["--store", store, "--time-zone", "Europe/Moscow"],
      ToolContext(
        environment: [:], now: now, timeZone: TimeZone(identifier: "Europe/Moscow")!, isTerminal: false,
        homeDirectory: "/nonexistent", readStandardInput: { _ in Data() }))
  }

  func object(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// Thirteen day starts, eight instants each over two months (seeded): every family's snapshot
  /// against `list --json` read at the same instant.
  @MainActor
  @Test func theWidgetAgreesWithListOnAnyDayAndDayStart() async throws {
    let (store, folder) = try await demoStore()
    var random = SplitMix(seed: 48)
    let moscow = TimeZone(identifier: "Europe/Moscow")!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = moscow
    for hour in 0...12 {
      let archive = folder.appendingPathComponent("start-\(hour).json").path
      try
        #"{"format": "tracker", "version": 2, "dayStart": "\#(String(format: "%02d", hour)):00", "categories": [], "trackers": [], "daysOff": [], "records": []}"#
        .write(toFile: archive, atomically: true, encoding: .utf8)
      #expect(try await runCLI(["import", archive, "--store", store] + fixed).status == 0)
      for _ in 0..<8 {
        // 1 November 2026 to 1 January 2027, any minute.
        let now = Date(timeIntervalSince1970: 1_793_480_400 + Double(random.next(upTo: 61 * 24 * 60)) * 60)
        let list = await run(["list", "--json"], store: store, now: now)
        try #require(list.exitCode == 0, "\(list.standardError)")
        let listed = try object(list.standardOutput)
        let sections = try #require(listed["sections"] as? [[String: Any]])
        let habits = sections.flatMap { ($0["trackers"] as? [[String: Any]]) ?? [] }
        for family in ["small", "medium", "large", "accessory"] {
          let shown = await run(["widget", "--json", "--family", family], store: store, now: now)
          try #require(shown.exitCode == 0, "\(shown.standardError)")
          let widget = try object(shown.standardOutput)
          let context = "day start \(hour), \(now), \(family)"
          #expect(widget["day"] as? String == listed["date"] as? String, "\(context)")
          let rows = try #require(widget["rows"] as? [[String: Any]])
          let capacity = ["small": 1, "medium": 4, "large": 8, "accessory": 0][family]!
          #expect(rows.count == min(capacity, habits.count), "\(context)")
          #expect(widget["moreCount"] as? Int == habits.count - rows.count, "\(context)")
          for (row, habit) in zip(rows, habits) {
            #expect(row["id"] as? String == habit["id"] as? String, "\(context)")
            #expect(row["isDone"] as? Bool == habit["done"] as? Bool, "\(context): \(habit["name"] ?? "")")
            #expect(row["isDayOff"] as? Bool == habit["dayOff"] as? Bool, "\(context)")
            #expect(row["currentStreak"] as? Int == habit["currentStreak"] as? Int, "\(context)")
            #expect((row["amount"] as? NSNumber)?.doubleValue == (habit["amount"] as? NSNumber)?.doubleValue)
            #expect((row["target"] as? NSNumber)?.doubleValue == (habit["target"] as? NSNumber)?.doubleValue)
            let quota = row["quota"] as? [String: Any]
            let listedQuota = habit["quota"] as? [String: Any]
            #expect(quota?["met"] as? Int == listedQuota?["met"] as? Int, "\(context)")
            #expect(quota?["required"] as? Int == listedQuota?["required"] as? Int, "\(context)")
          }
          let due = habits.filter { $0["dayOff"] as? Bool != true }
          #expect(widget["dueCount"] as? Int == due.count, "\(context)")
          #expect(
            widget["doneCount"] as? Int == due.filter { $0["done"] as? Bool == true }.count, "\(context)")
          // Valid until the next day start: the day after the one shown, at the hour.
          let day = try #require((listed["date"] as? String).flatMap { ISO8601DateFormatter.day($0, moscow) })
          let next = calendar.date(byAdding: DateComponents(day: 1, hour: hour), to: day)!
          let until = try #require(
            (widget["validUntil"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
          #expect(until == next, "\(context)")
          #expect(until > now, "\(context)")
        }
      }
    }
  }

  @Test(arguments: ["en", "ru"])
  func eachFamilyIsDrawnInBothLanguages(language: String) async throws {
    let expected = [
      "en": """
      Today · 2 of 5 done
      [ ] ❤️ Water the plants · 🔥 10
      [✓] 🏓 Morning exercise · 🔥 5
      [ ] 🌺 Grandma sent a postcard on WhatsApp
      [–] 😻 The cat blocked the camera on a call
      and 2 more
      until 1 Dec 2026, 00:00

      """,
      "ru": """
      Сегодня · Выполнено 2 из 5
      [ ] ❤️ Поливать растения · 🔥 10
      [✓] 🏓 Зарядка · 🔥 5
      [ ] 🌺 Бабушка прислала открытку в вотсапе
      [–] 😻 Кошка заслонила камеру на созвоне
      и ещё 2
      до 1 дек. 2026, 00:00

      """,
    ]
    let medium = try await runCLI(["widget", "--demo", "--lang", language] + fixed)
    #expect(medium.status == 0, "\(medium.error)")
    #expect(medium.output == expected[language])
    let accessory = try await runCLI(
      ["widget", "--demo", "--family", "accessory", "--lang", language] + fixed)
    #expect(accessory.output.split(separator: "\n").dropFirst().first == "▰▰▱▱▱")
  }
}

extension ISO8601DateFormatter {
  /// The start of `text` ("YYYY-MM-DD") at midnight in `timeZone`.
  static func day(_ text: String, _ timeZone: TimeZone) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    formatter.timeZone = timeZone
    return formatter.date(from: text)
  }
}
