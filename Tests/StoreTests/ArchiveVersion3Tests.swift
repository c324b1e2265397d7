import Foundation
import ModelTestSupport
import Testing
import TrackerModels
import TrackerStore

/// Archive version 3 (docs/data-format.md): measurable trackers, quotas, amounts and notes travel
/// with a backup, exactly, and every problem with them is listed as `path: message`.
@Suite("Export and import of measures, quotas, amounts and notes", .temporaryFolders)
struct ArchiveVersion3Tests {
  static let today = day("2026-11-30")

  /// An amount known to be valid in a test.
  static func amount(_ text: String) -> Amount {
    guard let parsed = try? Amount(parsing: text) else { preconditionFailure("bad test amount \(text)") }
    return parsed
  }

  /// A store with a measurable habit (at least), a measurable event (at most), a quota habit and a
  /// yes/no habit, amounts (one of a thousandth, one missing), and notes on a record, a day
  /// without one and a quota day.
  static func measuredStore(_ kind: StoreKind) throws -> any TrackerDataStore {
    let store = try kind.makeStore()
    try store.createCategory(home)
    var run = habit("Бег", id: 30)
    run.measure = try .measurable(unit: "km", target: amount("5"), direction: .atLeast)
    var coffee = event("Кофе", id: 31)
    coffee.measure = try .measurable(unit: "чашки", target: amount("2.5"), direction: .atMost)
    var swim = habit("Плавать", id: 32)
    swim.kind = .habit(Schedule(quota: Quota(2, per: .week)!))
    let read = habit("Читать", id: 33, days: [.monday, .tuesday])
    for tracker in [run, coffee, swim, read] { try store.createTracker(tracker) }
    try store.setAmount(amount("5.25"), trackerID: run.id, on: day("2026-11-02"))
    try store.setAmount(amount("0.001"), trackerID: run.id, on: day("2026-11-03"))
    try store.toggleRecord(trackerID: run.id, on: day("2026-11-04"))
    try store.setAmount(amount("999999999.999"), trackerID: coffee.id, on: day("2026-11-05"))
    try store.toggleRecord(trackerID: swim.id, on: day("2026-11-03"))
    try store.toggleRecord(trackerID: read.id, on: day("2026-11-02"))
    try store.setNote("ran in the rain\nwet \"socks\"", trackerID: run.id, on: day("2026-11-02"))
    try store.setNote("sick", trackerID: read.id, on: day("2026-11-10"))
    try store.setNote("pool", trackerID: swim.id, on: day("2026-11-03"))
    return store
  }

  static let expectedExport = """
    {
      "format": "tracker",
      "version": 3,
      "categories": [
        {"id": "00000000-0000-4000-8000-000000000001", "title": "Домашний уют"}
      ],
      "trackers": [
        {"id": "00000000-0000-4000-8000-000000000030", "name": "Бег", "emoji": "EMOJI30", "color": "COLOR30", "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false, "created": "2026-11-01", "measure": {"unit": "km", "target": "5", "direction": "at-least"}},
      ]
    }

    """

  @Test(arguments: StoreKind.allCases)
  func measuresQuotasAmountsAndNotesExportAsVersionThreeInAStableOrder(kind: StoreKind) throws {
    let text = TrackerArchive.export(try Self.measuredStore(kind).contents())
    try text.write(toFile: "/tmp/d32/export-\(kind).json", atomically: true, encoding: .utf8)
    #expect(text == Self.expectedExport)
  }
}
