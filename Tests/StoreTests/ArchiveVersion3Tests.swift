import Foundation
import ModelTestSupport
import Testing
import TrackerArchiveCodec
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

  static let expectedExport = #"""
    {
      "format": "tracker",
      "version": 3,
      "categories": [
        {"id": "00000000-0000-4000-8000-000000000001", "title": "Домашний уют"}
      ],
      "trackers": [
        {"id": "00000000-0000-4000-8000-000000000030", "name": "Бег", "emoji": "🥦", "color": "#F6C48B", "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false, "created": "2026-11-01", "measure": {"unit": "km", "target": "5", "direction": "at-least"}},
        {"id": "00000000-0000-4000-8000-000000000031", "name": "Кофе", "emoji": "🏓", "color": "#7994F5", "category": "00000000-0000-4000-8000-000000000001", "schedule": null, "pinned": false, "created": "2026-11-01", "measure": {"unit": "чашки", "target": "2.5", "direction": "at-most"}},
        {"id": "00000000-0000-4000-8000-000000000032", "name": "Плавать", "emoji": "🥇", "color": "#832CF1", "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "pinned": false, "created": "2026-11-01", "quota": {"times": 2, "per": "week"}},
        {"id": "00000000-0000-4000-8000-000000000033", "name": "Читать", "emoji": "🎸", "color": "#AD56DA", "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "tue"], "pinned": false, "created": "2026-11-01"}
      ],
      "daysOff": [],
      "notes": [
        {"tracker": "00000000-0000-4000-8000-000000000030", "date": "2026-11-02", "text": "ran in the rain\nwet \"socks\""},
        {"tracker": "00000000-0000-4000-8000-000000000032", "date": "2026-11-03", "text": "pool"},
        {"tracker": "00000000-0000-4000-8000-000000000033", "date": "2026-11-10", "text": "sick"}
      ],
      "records": [
        {"tracker": "00000000-0000-4000-8000-000000000030", "date": "2026-11-02", "amount": "5.25"},
        {"tracker": "00000000-0000-4000-8000-000000000030", "date": "2026-11-03", "amount": "0.001"},
        {"tracker": "00000000-0000-4000-8000-000000000030", "date": "2026-11-04"},
        {"tracker": "00000000-0000-4000-8000-000000000031", "date": "2026-11-05", "amount": "999999999.999"},
        {"tracker": "00000000-0000-4000-8000-000000000032", "date": "2026-11-03"},
        {"tracker": "00000000-0000-4000-8000-000000000033", "date": "2026-11-02"}
      ]
    }

    """#

  @Test(arguments: StoreKind.allCases)
  func measuresQuotasAmountsAndNotesExportAsVersionThreeInAStableOrder(kind: StoreKind) throws {
    let text = TrackerArchive.export(try Self.measuredStore(kind).contents())
    #expect(text == Self.expectedExport)
  }

  @Test func aStoreWithoutMeasuresQuotasAmountsOrNotesStillExportsVersionTwo() throws {
    let plain = StoreContents(
      categories: [home], trackers: [habit("Читать", id: 33)],
      records: [TrackerRecord(trackerID: id(33), day: day("2026-11-02"))])
    #expect(TrackerArchive.version(for: plain) == 2)
    #expect(!TrackerArchive.export(plain).contains("notes"))
    var noted = plain
    noted.notes = [TrackerNote(trackerID: id(33), day: day("2026-11-02"), text: "sick")]
    #expect(TrackerArchive.version(for: noted) == 3)
  }

  @Test(arguments: StoreKind.allCases, StoreKind.allCases)
  func aVersionThreeExportImportsIntoAnEmptyStoreAndExportsTheSameBytes(from: StoreKind, into: StoreKind)
    throws
  {
    let source = try Self.measuredStore(from)
    let text = TrackerArchive.export(try source.contents())
    let target = try into.makeStore()
    try target.importArchive(text, today: Self.today)
    #expect(TrackerArchive.export(try target.contents()) == text)
    #expect(try target.notes(trackerID: id(30)).map(\.text) == ["ran in the rain\nwet \"socks\""])
    #expect(
      try target.records(trackerID: id(30)).map(\.amount) == [
        Self.amount("5.25"), Self.amount("0.001"), nil,
      ])
    #expect(try target.statistics(asOf: Self.today) == (try source.statistics(asOf: Self.today)))
  }

  @Test func amountsAndTargetsWrittenAsNumbersOrWithACommaAreReadExactly() throws {
    let text = archive(
      tracker: #""measure": {"unit": "km", "target": 20.125, "direction": "at-least"}"#,
      records: #"{"tracker": "\#(Self.run)", "date": "2026-11-02", "amount": 0.001}, "#
        + #"{"tracker": "\#(Self.run)", "date": "2026-11-03", "amount": "12,5"}, "#
        + #"{"tracker": "\#(Self.run)", "date": "2026-11-04", "amount": 999999999.999}"#)
    let contents = try TrackerArchive.decode(text, today: Self.today, existing: .empty).get()
    #expect(contents.trackers[0].measure.goal?.target.thousandths == 20_125)
    #expect(contents.records.map { $0.amount?.thousandths } == [1, 12_500, 999_999_999_999])
  }

  @Test(arguments: StoreKind.allCases)
  func anArchiveImportedIntoTheStoreItCameFromAddsNothingWithAmountsAndNotes(kind: StoreKind) throws {
    let store = try Self.measuredStore(kind)
    let text = TrackerArchive.export(try store.contents())
    let summary = try store.importArchive(text, today: Self.today)
    #expect(summary.addedNothing)
    #expect(summary.trackersAlreadyThere == 4 && summary.recordsAlreadyThere == 6)
    #expect(summary.notesAlreadyThere == 3)
    #expect(TrackerArchive.export(try store.contents()) == text)
    // An older backup: a note since cleared and a record since taken back come back, nothing else.
    try store.setNote(nil, trackerID: id(33), on: day("2026-11-10"))
    try store.setAmount(nil, trackerID: id(30), on: day("2026-11-03"))
    let again = try store.importArchive(text, today: Self.today)
    #expect(again.added.notes == [TrackerNote(trackerID: id(33), day: day("2026-11-10"), text: "sick")])
    #expect(
      again.added.records == [
        TrackerRecord(trackerID: id(30), day: day("2026-11-03"), amount: Self.amount("0.001"))
      ])
    #expect(again.notesAlreadyThere == 2 && again.recordsAlreadyThere == 5)
    #expect(TrackerArchive.export(try store.contents()) == text)
  }

  @Test(arguments: StoreKind.allCases)
  func aBackupWithAnotherAmountOrNoteThanTheStoresSaysSoAndImportsNothing(kind: StoreKind) throws {
    let store = try Self.measuredStore(kind)
    let text = TrackerArchive.export(try store.contents())
    try store.setAmount(Self.amount("7"), trackerID: id(30), on: day("2026-11-02"))
    try store.setAmount(Self.amount("1"), trackerID: id(30), on: day("2026-11-04"))
    try store.setNote("sick, all week", trackerID: id(33), on: day("2026-11-10"))
    let found = try problems(text, into: store)
    #expect(
      found == [
        "records[0].amount: the store has 7 for this tracker on 2026-11-02, 5.25 here; an import never changes what is there",
        "records[2].amount: the store has 1 for this tracker on 2026-11-04, no amount here; an import never changes what is there",
        "notes[2].text: the store has another note for this tracker on 2026-11-10 (\"sick, all week\"); an import never changes what is there",
      ], "\(found)")
  }

  @Test func aTrackerWhoseMeasureOrQuotaDiffersFromTheStoresSaysWhatDiffers() throws {
    let store = try Self.measuredStore(.sqlite)
    let text = TrackerArchive.export(try store.contents())
    var run = try #require(try store.trackers().first { $0.tracker.id == id(30) }?.tracker)
    run.measure = try .measurable(unit: "km", target: Self.amount("10"), direction: .atLeast)
    try store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    let found = try problems(text, into: store)
    #expect(
      found == [
        #"trackers[0].id: 00000000-0000-4000-8000-000000000030 is already in the store, with other values (measure: {"unit": "km", "target": "10", "direction": "at-least"} in the store, {"unit": "km", "target": "5", "direction": "at-least"} here); an import adds only what is new and never changes what is there: rename or delete one of them first"#
      ], "\(found)")
    // A unit that differs by a character that draws nothing says which (the conflict's two sides
    // would otherwise look the same).
    let hidden = text.replacingOccurrences(of: #""unit": "km""#, with: #""unit": "km\u200b""#)
    #expect(hidden != text)
    let invisible = try problems(hidden, into: store)
    #expect(
      invisible.first?.contains(#"{"unit": "km\u200B", "target": "5", "direction": "at-least"} here"#)
        == true, "\(invisible)")
    // A joiner after a letter joins nothing that shows: escaped too.
    let joined = text.replacingOccurrences(of: #""unit": "km""#, with: #""unit": "km\u200d""#)
    let joiner = try problems(joined, into: store)
    #expect(
      joiner.first?.contains(#"{"unit": "km\u200D", "target": "5", "direction": "at-least"} here"#)
        == true, "\(joiner)")
    // The same goal written another way is the same tracker.
    let reworded = text.replacingOccurrences(
      of: #"{"unit": "km", "target": "5", "direction": "at-least"}"#,
      with: #"{"direction": "at-least", "target": 5.000, "unit": " km "}"#)
    run.measure = try .measurable(unit: "km", target: Self.amount("5"), direction: .atLeast)
    try store.updateTracker(run, addingRecordsOn: [], removingRecordsOn: [])
    #expect(try store.importArchive(reworded, today: Self.today).trackersAlreadyThere == 4)
  }

  @Test func invalidMeasuresAreListedWithTheirPaths() throws {
    func measure(_ json: String) throws -> [String] {
      try problems(archive(tracker: #""measure": "# + json, records: ""))
    }
    #expect(
      try measure(#""km""#) == [
        "trackers[0].measure: expected an object with unit, target and direction, or null, found a string"
      ])
    #expect(
      try measure(#"{"unit": " ", "target": "0", "direction": "up", "goal": 1}"#) == [
        "trackers[0].measure.goal: unknown field",
        "trackers[0].measure.unit: empty; a measurable tracker needs a unit",
        "trackers[0].measure.target: 0 is a target at most only (a habit to quit); at least, it is more than zero",
        #"trackers[0].measure.direction: "up" is not a direction; use "at-least" or "at-most""#,
      ])
    #expect(
      try measure(#"{"unit": "kilometres run", "target": "-1", "direction": 1}"#) == [
        "trackers[0].measure.unit: 14 characters; the limit is 12",
        #"trackers[0].measure.target: "-1" is below zero; amounts are never negative"#,
        "trackers[0].measure.direction: expected a string, found a number",
      ])
    #expect(
      try measure(#"{"unit": "k\u202Em", "target": "1.0005", "direction": "at-most"}"#) == [
        "trackers[0].measure.unit: contains the control or bidirectional character U+202E",
        #"trackers[0].measure.target: "1.0005" has more than three decimals"#,
      ])
    #expect(
      try measure(#"{"target": 1e3, "direction": "at-most"}"#) == [
        "trackers[0].measure.unit: missing",
        #"trackers[0].measure.target: "1e3" is not a decimal such as "12.5""#,
      ])
  }

  @Test func invalidQuotasAreListedWithTheirPaths() throws {
    func quota(_ json: String, schedule: String = #"["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#)
      throws -> [String]
    {
      try problems(
        archive(tracker: #""quota": "# + json, records: "")
          .replacingOccurrences(of: #""schedule": ["mon"]"#, with: #""schedule": "# + schedule))
    }
    #expect(
      try quota(#"{"times": 7, "per": "week"}"#) == [
        "trackers[0].quota.times: 7 times a week; a quota asks 1 to 6 times a week (7 is a habit on every day)"
      ])
    #expect(
      try quota(#"{"times": 0, "per": "month"}"#) == [
        "trackers[0].quota.times: 0 times a month; a quota asks 1 to 30 times a month"
      ])
    #expect(
      try quota(#"{"times": 2.5, "per": "day", "on": 1}"#) == [
        "trackers[0].quota.on: unknown field",
        #"trackers[0].quota.per: "day" is not a period; use "week" or "month""#,
        "trackers[0].quota.times: 2.5 is not a whole number of times",
      ])
    #expect(
      try quota(#"{"times": 3, "per": "week"}"#, schedule: "null") == [
        "trackers[0].quota: an irregular event has no quota; a quota habit's schedule lists all seven days"
      ])
    #expect(
      try quota(#"{"times": 3, "per": "week"}"#, schedule: #"["mon", "wed"]"#) == [
        "trackers[0].quota: a quota habit is done on any days of its period: its schedule lists all seven days, not some"
      ])
    #expect(
      try quota("[3]") == [
        "trackers[0].quota: expected an object with times and per, or null, found an array"
      ])
    // null and absent alike mean none.
    let none = archive(tracker: #""quota": null"#, records: "")
    #expect(
      try TrackerArchive.decode(none, today: Self.today, existing: .empty).get().trackers[0].quota == nil)
  }

  @Test func anAmountOnAYesNoTrackerOrThatIsNoAmountIsRefused() throws {
    let yesNo = archive(records: #"{"tracker": "\#(Self.run)", "date": "2026-11-02", "amount": "3"}"#)
    #expect(
      try problems(yesNo) == [
        "records[0].amount: the tracker \(Self.run) is yes/no (it has no measure); only a measurable tracker's record carries an amount"
      ])
    let bad = archive(
      tracker: #""measure": {"unit": "km", "target": "5", "direction": "at-least"}"#,
      records: #"{"tracker": "\#(Self.run)", "date": "2026-11-02", "amount": true}, "#
        + #"{"tracker": "\#(Self.run)", "date": "2026-11-03", "amount": "1000000000"}, "#
        + #"{"tracker": "\#(Self.run)", "date": "2026-11-03", "amount": "2"}, "#
        + #"{"tracker": "\#(Self.run)", "date": "2026-11-03", "amount": "3"}"#)
    #expect(
      try problems(bad) == [
        #"records[0].amount: expected a decimal such as "12.5", found true or false"#,
        #"records[1].amount: "1000000000" is more than 999999999.999"#,
        "records[3]: duplicate of records[2]: the same tracker on the same date",
      ])
  }

  @Test func notesThatCannotBeAreListedWithTheirPaths() throws {
    let long = String(repeating: "я", count: 501)
    let notes = [
      #"{"tracker": "\#(Self.run)", "date": "2026-11-02", "text": "  "}"#,
      #"{"tracker": "\#(Self.run)", "date": "2026-11-03", "text": "\#(long)"}"#,
      #"{"tracker": "\#(Self.run)", "date": "2026-11-04", "text": "a\u0007b"}"#,
      #"{"tracker": "\#(Self.run)", "date": "2026-11-05", "text": "fine\r\nline"}"#,
      #"{"tracker": "\#(Self.run)", "date": "2026-11-05", "text": "again"}"#,
      #"{"tracker": "00000000-0000-4000-8000-000000000099", "date": "2026-11-06", "text": "lost"}"#,
      #"{"tracker": "\#(Self.run)", "date": "1899-12-31", "text": "old", "mood": 1}"#,
    ].joined(separator: ", ")
    let text = archive(records: "").replacingOccurrences(
      of: #""records": []"#, with: #""notes": [\#(notes)], "records": []"#)
    #expect(
      try problems(text) == [
        "notes[0].text: empty; a note has some text",
        "notes[1].text: 501 characters; the limit is 500",
        "notes[2].text: contains the control or bidirectional character U+0007 (line breaks are the only control characters a note may hold)",
        "notes[4]: duplicate of notes[3]: one note per tracker and day",
        "notes[5].tracker: no tracker with id 00000000-0000-4000-8000-000000000099 in the file or the store",
        "notes[6].mood: unknown field",
        #"notes[6].date: "1899-12-31" is before 1900-01-01, the earliest day the app keeps"#,
      ])
    // A note with a line break in CR LF is kept with LF; a note on a day with nothing else is fine.
    let good = archive(records: "").replacingOccurrences(
      of: #""records": []"#,
      with:
        #""notes": [{"tracker": "\#(Self.run)", "date": "2026-12-24", "text": "fine\r\nline"}], "records": []"#
    )
    let contents = try TrackerArchive.decode(good, today: Self.today, existing: .empty).get()
    #expect(contents.notes == [TrackerNote(trackerID: id(20), day: day("2026-12-24"), text: "fine\nline")])
  }

  /// Records of the plain shape `{"tracker": …, "date": …, "amount": "…"}` are read straight from
  /// the bytes; the same records with their keys in another order go the general way. Both give
  /// the same contents, or the same problems, over random records: amounts of every kind (plain,
  /// with a comma, signed, spaced, too precise, too large, not numbers), repeated days, on a
  /// measurable tracker and on a yes/no one.
  @Test func recordsWithAmountsReadTheSameByTheFastPathAndTheGeneralOne() throws {
    var random = StatisticsSummaryTests.Generator(seed: 32)
    let odd = [
      "3", "12.5", "0.001", "007.250", "999999999.999", "1000000000", "1.2345", "1,5", " 3", "-1", "", ".",
      "5.", "abc", "1e3", "+1", "0",
    ]
    var accepted = 0
    for measured in [true, false] {
      for _ in 0..<60 {
        var fast: [String] = []
        var general: [String] = []
        var date = day("2026-10-01")
        for _ in 0..<Int.random(in: 1...12, using: &random) {
          date = date.adding(days: Int.random(in: 0...2, using: &random))
          let amount: String? =
            switch Int.random(in: 0...3, using: &random) {
            case 0: nil
            case 1: odd.randomElement(using: &random)
            default:
              "\(Int.random(in: 0...99_999, using: &random)).\(Int.random(in: 0...999, using: &random))"
            }
          let tail = amount.map { #", "amount": "\#($0)""# } ?? ""
          fast.append(#"{"tracker": "\#(Self.run)", "date": "\#(date.iso)"\#(tail)}"#)
          general.append(#"{"date": "\#(date.iso)", "tracker": "\#(Self.run)"\#(tail)}"#)
        }
        let tracker = measured ? #""measure": {"unit": "km", "target": "5", "direction": "at-least"}"# : ""
        let read = TrackerArchive.decode(
          archive(tracker: tracker, records: fast.joined(separator: ", ")), today: Self.today,
          existing: .empty)
        let readGenerally = TrackerArchive.decode(
          archive(tracker: tracker, records: general.joined(separator: ", ")), today: Self.today,
          existing: .empty)
        #expect(read == readGenerally)
        if case .success = read { accepted += 1 }
      }
    }
    #expect(accepted > 10)
  }

  /// Thousands of records with amounts (several of the store's batches, a last partial one, days
  /// without an amount among them) beside a yes/no tracker's: both stores hold exactly what the
  /// archive has, and export it again byte for byte.
  @Test(arguments: StoreKind.allCases)
  func manyAmountsImportExactly(into kind: StoreKind) throws {
    var run = habit("Бег", id: 30)
    run.measure = try .measurable(unit: "km", target: Self.amount("5"), direction: .atLeast)
    var coffee = event("Кофе", id: 31)
    coffee.measure = try .measurable(unit: "чашки", target: Self.amount("2.5"), direction: .atMost)
    let read = habit("Читать", id: 33)
    var records: [TrackerRecord] = []
    for offset in 1...1_111 {
      let date = Self.today.adding(days: -offset)
      records.append(
        TrackerRecord(
          trackerID: run.id, day: date, amount: offset % 7 == 0 ? nil : Amount(thousandths: offset * 1_237)))
      if offset % 3 == 0 {
        records.append(TrackerRecord(trackerID: coffee.id, day: date, amount: Amount(thousandths: offset)))
      }
      records.append(TrackerRecord(trackerID: read.id, day: date))
    }
    let contents = StoreContents(categories: [home], trackers: [run, coffee, read], records: records)
    let text = TrackerArchive.export(contents)
    let store = try kind.makeStore()
    try store.importArchive(text, today: Self.today)
    #expect(TrackerArchive.export(try store.contents()) == text)
    #expect(
      try store.records(trackerID: run.id).count { $0.amount != nil }
        == records.count {
          $0.trackerID == run.id && $0.amount != nil
        })
  }

  // MARK: Helpers

  /// The tracker of `archive`.
  static let run = "00000000-0000-4000-8000-000000000020"

  /// Imports `text` into `store` (a fresh one by default) and returns the problems; checks the
  /// store is unchanged.
  func problems(_ text: String, into given: (any TrackerDataStore)? = nil) throws -> [String] {
    let store = try given ?? StoreKind.sqlite.makeStore()
    let before = TrackerArchive.export(try store.contents())
    var found: [String] = []
    do {
      try store.importArchive(text, today: Self.today)
    } catch {
      found = error.problems.map(\.description)
    }
    #expect(TrackerArchive.export(try store.contents()) == before, "the store changed")
    return found
  }

  /// A version 3 archive with one category and one tracker, every day of the week, with `tracker`
  /// added to its fields and `records` as its records.
  func archive(tracker: String = "", records: String) -> String {
    let fields =
      ##""id": "\##(Self.run)", "name": "Бегать", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
    let schedule =
      tracker.contains("quota")
      ? fields
      : fields.replacingOccurrences(
        of: #""schedule": ["mon"]"#, with: #""schedule": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]"#)
    return
      #"{"format": "tracker", "version": 3, "categories": [{"id": "00000000-0000-4000-8000-000000000003", "title": "Спорт"}], "trackers": [{"#
      + schedule + (tracker.isEmpty ? "" : ", " + tracker) + #"}], "records": ["# + records + "]}"
  }
}
