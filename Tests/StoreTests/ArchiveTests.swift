import Foundation
import ModelTestSupport
import Testing
import TrackerArchiveCodec
import TrackerModels
import TrackerStore

@Suite("Export and import (docs/data-format.md)", .temporaryFolders)
struct ArchiveTests {
  static let today = day("2026-11-30")

  /// A store with two categories, a pinned habit, an event and records.
  static func filledStore(_ kind: StoreKind) throws -> any TrackerDataStore {
    let store = try kind.makeStore()
    try store.createCategory(joys)
    try store.createCategory(home)
    var plants = habit("Поливать растения", id: 10, days: [.monday, .wednesday, .friday])
    plants.isPinned = true
    try store.createTracker(plants)
    try store.createTracker(event("Бабушка прислала открытку", id: 11, category: joys, created: "2026-11-02"))
    for iso in ["2026-11-27", "2026-11-02", "2026-11-25"] {
      try store.toggleRecord(trackerID: id(10), on: day(iso))
    }
    try store.toggleRecord(trackerID: id(11), on: day("2026-11-05"))
    try store.setDaysOff(true, trackerID: id(10), on: [day("2026-11-23")])
    return store
  }

  static let expectedExport = """
    {
      "format": "tracker",
      "version": 2,
      "categories": [
        {"id": "00000000-0000-4000-8000-000000000001", "title": "Домашний уют"},
        {"id": "00000000-0000-4000-8000-000000000002", "title": "Радостные мелочи"}
      ],
      "trackers": [
        {"id": "00000000-0000-4000-8000-000000000011", "name": "Бабушка прислала открытку", "emoji": "🍔", "color": "#FF99CC", "category": "00000000-0000-4000-8000-000000000002", "schedule": null, "pinned": false, "created": "2026-11-02"},
        {"id": "00000000-0000-4000-8000-000000000010", "name": "Поливать растения", "emoji": "🙌", "color": "#FF674D", "category": "00000000-0000-4000-8000-000000000001", "schedule": ["mon", "wed", "fri"], "pinned": true, "created": "2026-11-01"}
      ],
      "daysOff": [
        {"tracker": "00000000-0000-4000-8000-000000000010", "date": "2026-11-23"}
      ],
      "records": [
        {"tracker": "00000000-0000-4000-8000-000000000011", "date": "2026-11-05"},
        {"tracker": "00000000-0000-4000-8000-000000000010", "date": "2026-11-02"},
        {"tracker": "00000000-0000-4000-8000-000000000010", "date": "2026-11-25"},
        {"tracker": "00000000-0000-4000-8000-000000000010", "date": "2026-11-27"}
      ]
    }

    """

  @Test(arguments: StoreKind.allCases)
  func exportWritesAStableDocumentedOrder(kind: StoreKind) throws {
    let store = try Self.filledStore(kind)
    #expect(TrackerArchive.export(try store.contents()) == Self.expectedExport)
  }

  @Test(arguments: StoreKind.allCases)
  func exportImportExportGivesIdenticalBytes(kind: StoreKind) throws {
    let first = TrackerArchive.export(try Self.filledStore(kind).contents())
    let empty = try kind.makeStore()
    try empty.importArchive(first, today: Self.today)
    #expect(TrackerArchive.export(try empty.contents()) == first)
    #expect(try empty.trackers().map(\.recordCount) == [1, 3])
  }

  @Test func theDailyRemindersSettingTravelsWithTheBackup() throws {
    let reminder = ReminderSettings(isOn: true, time: ReminderTime("07:30")!)
    let text = TrackerArchive.export(.empty, reminder: reminder)
    #expect(text.contains("\n  \"version\": 2,\n  \"reminder\": {\"on\": true, \"time\": \"07:30\"},\n"))
    let decoded = try TrackerArchive.decodeArchive(text, today: Self.today, existing: .empty).get()
    #expect(decoded.reminder == reminder && decoded.contents == .empty)
    let summary = try InMemoryTrackerStore().importArchive(text, today: Self.today)
    #expect(summary.reminder == reminder)
    // A file without one (older exports) restores none.
    #expect(
      try TrackerArchive.decodeArchive(TrackerArchive.export(.empty), today: Self.today, existing: .empty)
        .get().reminder == nil)
  }

  @Test(arguments: StoreKind.allCases)
  func daysOffAndTheDayStartTravelWithTheBackup(kind: StoreKind) throws {
    let source = try Self.filledStore(kind)
    let text = TrackerArchive.export(try source.contents(), dayStart: DayStart(hour: 3))
    #expect(text.contains("\n  \"dayStart\": \"03:00\",\n"))
    let target = try kind.makeStore()
    let summary = try target.importArchive(text, today: Self.today)
    #expect(summary.dayStart == DayStart(hour: 3))
    #expect(summary.added.daysOff == [TrackerDayOff(trackerID: id(10), day: day("2026-11-23"))])
    #expect(try target.daysOff(trackerID: id(10)) == [day("2026-11-23")])
    #expect(try target.statistics(asOf: Self.today) == (try source.statistics(asOf: Self.today)))
    #expect(TrackerArchive.export(try target.contents(), dayStart: DayStart(hour: 3)) == text)
  }

  @Test(arguments: StoreKind.allCases)
  func aVersionOneArchiveStillImportsWithoutDaysOff(kind: StoreKind) throws {
    let store = try kind.makeStore()
    let summary = try store.importArchive(archive(), today: Self.today)
    #expect(summary.added.trackers.count == 1 && summary.added.daysOff.isEmpty && summary.dayStart == nil)
    #expect(try store.settings().dayStart == .midnight)
  }

  @Test func daysOffThatCannotBeAreReportedAndNothingIsImportedButDaysNotShownAreKept() throws {
    func with(_ daysOff: String, dayStart: String = "\"00:00\"") -> String {
      archive(
        format: ##""format": "tracker", "version": 2, "dayStart": "## + dayStart + #", "daysOff": ["#
          + daysOff + "]")
    }
    let runner = "00000000-0000-4000-8000-000000000020"  // "Бегать", Mondays, from 2026-11-01
    #expect(
      try problems(
        with(
          #"{"tracker": "\#(runner)", "date": "2026-11-24"}, {"tracker": "\#(runner)", "date": "2026-11-30"}, "#
            + #"{"tracker": "\#(runner)", "date": "2026-10-26"}, {"tracker": "\#(runner)", "date": "2026-12-07"}, "#
            + #"{"tracker": "\#(runner)", "date": "2026-12-07"}, {"tracker": "00000000-0000-4000-8000-000000000099", "date": "2026-11-23"}"#
        )) == [
          "daysOff[1].date: the tracker has a record on 2026-11-30 too; a day is done or off, not both",
          "daysOff[4]: duplicate of daysOff[3]: the same tracker on the same date",
          "daysOff[5].tracker: no tracker with id 00000000-0000-4000-8000-000000000099 in the file or the store",
        ])
    #expect(
      try problems(with("", dayStart: "\"13:00\"")) == [
        #"dayStart: "13:00" is not a day start (a whole hour from 00:00 to 12:00)"#
      ])
    #expect(
      try problems(with("", dayStart: "3")) == ["dayStart: expected a string, found a number"])
    // A planned vacation ahead of today is fine, and so are days off on days the tracker is not
    // shown (a Tuesday, a day before its first day): the store reaches them (a schedule changed
    // after a vacation, a record taken back), so its export must import; they count for nothing.
    let planned = try Self.filledStore(.memory)
    try planned.importArchive(with(#"{"tracker": "\#(runner)", "date": "2026-12-07"}"#), today: Self.today)
    let store = try Self.filledStore(.memory)
    try store.importArchive(
      with(
        #"{"tracker": "\#(runner)", "date": "2026-12-07"}, {"tracker": "\#(runner)", "date": "2026-11-24"}, "#
          + #"{"tracker": "\#(runner)", "date": "2026-10-26"}"#), today: Self.today)
    #expect(
      try store.daysOff(trackerID: id(20)) == [day("2026-10-26"), day("2026-11-24"), day("2026-12-07")])
    #expect(try store.statistics(asOf: Self.today) == (try planned.statistics(asOf: Self.today)))
  }

  @Test func aReminderThatIsNoReminderIsReportedAndNothingIsImported() throws {
    func with(_ reminder: String) -> String {
      #"{"format": "tracker", "version": 1, "reminder": "# + reminder
        + #", "categories": [], "trackers": [], "records": []}"#
    }
    #expect(
      try problems(with(#"{"on": true, "time": "25:00"}"#)) == [
        #"reminder.time: "25:00" is not a time (HH:MM, 00:00 to 23:59)"#
      ])
    #expect(
      try problems(with(#"{"on": "yes", "time": "20:00"}"#)) == [
        #"reminder.on: expected true or false, found a string"#
      ])
    #expect(
      try problems(with(#"{"time": "20:00", "sound": true}"#)) == [
        "reminder.sound: unknown field", "reminder.on: missing",
      ])
    #expect(try problems(with("[]")) == ["reminder: expected an object, found an array"])
  }

  @Test(arguments: StoreKind.allCases)
  func theReminderIsReadWhereverItStandsAmongTheKeys(kind: StoreKind) throws {
    let last =
      #"{"format": "tracker", "version": 1, "categories": [], "trackers": [], "records": [], "reminder": "#
    let summary = try kind.makeStore().importArchive(
      last + #"{"on": true, "time": "07:30"}}"#, today: Self.today)
    #expect(summary.reminder == ReminderSettings(isOn: true, time: ReminderTime("07:30")!))
    #expect(
      try problems(last + #"{"on": "yes", "time": "24:00"}}"#, kind: kind) == [
        #"reminder.on: expected true or false, found a string"#,
        #"reminder.time: "24:00" is not a time (HH:MM, 00:00 to 23:59)"#,
      ])
  }

  @Test func anEmptyStoreExportsEmptyArrays() throws {
    #expect(
      TrackerArchive.export(.empty) == """
        {
          "format": "tracker",
          "version": 2,
          "categories": [],
          "trackers": [],
          "daysOff": [],
          "records": []
        }

        """)
  }

  @Test func namesWithQuotesAndControlCharactersAreEscaped() {
    #expect(JSONWriter.quoted("a \"b\" \\ \n\u{1B}\u{2028}") == ##""a \"b\" \\ \n\u001B\u2028""##)
  }

  // MARK: Refused files: every problem listed as `path: message`, the store unchanged.

  /// Imports `text` into the filled store and returns the problems; checks the store is unchanged.
  func problems(_ text: String, kind: StoreKind = .sqlite, into given: (any TrackerDataStore)? = nil) throws
    -> [String]
  {
    let store = try given ?? Self.filledStore(kind)
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

  /// A valid archive with one new category and one new tracker, with `tracker` and `record`
  /// spliced in place of the tracker's and the record's fields.
  func archive(
    categories: String = ##"{"id": "00000000-0000-4000-8000-000000000003", "title": "Спорт"}"##,
    tracker: String =
      ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##,
    records: String = ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-11-30"}"##,
    format: String = ##""format": "tracker", "version": 1"##
  ) -> String {
    "{\(format), \"categories\": [\(categories)], \"trackers\": [{\(tracker)}], \"records\": [\(records)]}"
  }

  @Test(arguments: StoreKind.allCases)
  func aValidArchiveImportsIntoAFilledStore(kind: StoreKind) throws {
    let store = try Self.filledStore(kind)
    try store.importArchive(archive(), today: Self.today)
    #expect(
      try store.trackers().map(\.tracker.name) == [
        "Бабушка прислала открытку", "Бегать", "Поливать растения",
      ])
    #expect(try store.categories().map(\.title) == ["Домашний уют", "Радостные мелочи", "Спорт"])
  }

  @Test func notJSON() throws {
    #expect(
      try problems("{\"format\": \"tracker\",\n  \"version\": 1,,}") == [
        "$: not JSON: line 2, column 16: expected a key in double quotes, found \",\""
      ])
    #expect(
      try problems("") == ["$: not JSON: line 1, column 1: expected a value, found the end of the text"])
  }

  @Test func wrongFormatOrVersion() throws {
    #expect(
      try problems(archive(format: ##""format": "loop", "version": 1"##)) == [
        ##"format: expected "tracker", found "loop""##
      ])
    #expect(
      try problems(archive(format: ##""format": "tracker", "version": 5"##)) == [
        "version: version 5 is not supported; this app reads versions 1, 2, 3 and 4"
      ])
    #expect(
      try problems("[]") == [
        "$: expected an object with format, version, categories, trackers and records, found an array"
      ])
  }

  @Test func badUUID() throws {
    #expect(
      try problems(archive(categories: ##"{"id": "not-a-uuid", "title": "Спорт"}"##)) == [
        ##"categories[0].id: "not-a-uuid" is not a UUID"##,
        "trackers[0].category: no category with id 00000000-0000-4000-8000-000000000003 in the file or the store",
      ])
  }

  @Test(arguments: StoreKind.allCases)
  func datesBefore1900AreRefusedSoTheStoreNeverHoldsADayItCannotGiveBack(kind: StoreKind) throws {
    let record = ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "0000-01-01"}"##
    #expect(
      try problems(archive(records: record), kind: kind) == [
        ##"records[0].date: "0000-01-01" is before 1900-01-01, the earliest day the app keeps"##
      ])
    let tracker =
      ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "1899-12-31""##
    #expect(
      try problems(archive(tracker: tracker), kind: kind) == [
        ##"trackers[0].created: "1899-12-31" is before 1900-01-01, the earliest day the app keeps"##
      ])
    // The first day kept, and a tracker made two days ahead (a backup from across the date line).
    let first = ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "1900-01-01"}"##
    let ahead = tracker.replacingOccurrences(of: "1899-12-31", with: "2026-12-02")
    let store = try Self.filledStore(kind)
    try store.importArchive(archive(tracker: ahead, records: first), today: Self.today)
    #expect(TrackerArchive.export(try store.contents()).contains(##""date": "1900-01-01""##))
    let tooFar = tracker.replacingOccurrences(of: "1899-12-31", with: "2026-12-03")
    #expect(
      try problems(archive(tracker: tooFar), kind: kind) == [
        "trackers[0].created: 2026-12-03 is more than two days after today (2026-11-30)"
      ])
  }

  @Test(arguments: StoreKind.allCases)
  func theStoreRefusesADayItCouldNotGiveBackOnEveryPath(kind: StoreKind) throws {
    let store = try Self.filledStore(kind)
    let tracker = try #require(try store.trackers().first?.tracker)
    let yearZero = Day(daysSinceEpoch: -719_528)
    #expect(throws: StoreError.dayOutOfRange(yearZero)) {
      try store.toggleRecord(trackerID: tracker.id, on: yearZero)
    }
    #expect(throws: StoreError.dayOutOfRange(yearZero)) {
      try store.updateTracker(tracker, addingRecordsOn: [yearZero], removingRecordsOn: [])
    }
    var ancient = tracker
    ancient.createdOn = yearZero
    #expect(throws: StoreError.dayOutOfRange(yearZero)) {
      try store.updateTracker(ancient, addingRecordsOn: [], removingRecordsOn: [])
    }
    #expect(throws: StoreError.dayOutOfRange(yearZero)) {
      try store.insert(
        StoreContents(
          categories: [], trackers: [], records: [TrackerRecord(trackerID: tracker.id, day: yearZero)]))
    }
    #expect(Day.earliestStored.iso == "1900-01-01" && Day.latestStored.iso == "9999-12-31")
  }

  @Test func nameTooLong() throws {
    let long = String(repeating: "я", count: 39)
    #expect(
      try problems(
        archive(
          tracker:
            ##""id": "00000000-0000-4000-8000-000000000020", "name": "\##(long)", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
        )) == [
          "trackers[0].name: 39 characters; the limit is 38"
        ])
  }

  @Test func duplicateNameInTheStoreOrTheFile() throws {
    #expect(
      try problems(
        archive(
          tracker:
            ##""id": "00000000-0000-4000-8000-000000000020", "name": "поливать РАСТЕНИЯ", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
        )
      ).first
        == ##"trackers[0].name: "поливать РАСТЕНИЯ" is already used by the tracker "Поливать растения" in the store"##
    )
    let twice =
      ##"{"id": "00000000-0000-4000-8000-000000000003", "title": "Спорт"}, {"id": "00000000-0000-4000-8000-000000000004", "title": "СПОРТ"}"##
    #expect(
      try problems(archive(categories: twice)) == [
        ##"categories[1].title: "СПОРТ" is already used by categories[0].title (names are unique, ignoring case)"##
      ])
  }

  @Test func notExactlyOneEmoji() throws {
    for emoji in ["🏓🏓", "a", ""] {
      #expect(
        try problems(
          archive(
            tracker:
              ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "\##(emoji)", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
          )
        ).first
          == ##"trackers[0].emoji: "\##(emoji)" is not exactly one emoji"##)
    }
  }

  @Test(arguments: StoreKind.allCases)
  func anEmojiOrAColorOutsideThePalettesIsRefusedWithTheOtherProblems(kind: StoreKind) throws {
    #expect(
      try problems(
        archive(
          tracker:
            ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "🏃", "color": "#123456", "category": "00000000-0000-4000-8000-000000000099", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
        ), kind: kind)
        == [
          ##"trackers[0].emoji: "🏃" is not one of the 18 emoji of the app"##,
          ##"trackers[0].color: "#123456" is not one of the 18 colors of the app"##,
          "trackers[0].category: no category with id 00000000-0000-4000-8000-000000000099 in the file or the store",
        ])
    // The palettes' own, in either case of hex digits, still import.
    let store = try Self.filledStore(kind)
    try store.importArchive(
      archive(
        tracker:
          ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "❤️", "color": "#fd4c49", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
      ), today: Self.today)
    let imported = try store.contents().trackers.first { $0.name == "Бегать" }
    #expect(imported?.emoji == "❤️" && imported?.color == TrackerColor.palette[0])
  }

  @Test func badColor() throws {
    #expect(
      try problems(
        archive(
          tracker:
            ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "🏓", "color": "green", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
        )
      ).first
        == ##"trackers[0].color: "green" is not a color in the form #RRGGBB"##)
  }

  @Test func unknownCategory() throws {
    #expect(
      try problems(
        archive(
          tracker:
            ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000099", "schedule": ["mon"], "pinned": false, "created": "2026-11-01""##
        )
      ).first
        == "trackers[0].category: no category with id 00000000-0000-4000-8000-000000000099 in the file or the store"
    )
  }

  @Test func emptySchedule() throws {
    #expect(
      try problems(
        archive(
          tracker:
            ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": [], "pinned": false, "created": "2026-11-01""##
        )
      ).first
        == "trackers[0].schedule: empty; a habit needs at least one weekday (null makes an irregular event)")
  }

  @Test func unknownWeekday() throws {
    #expect(
      try problems(
        archive(
          tracker:
            ##""id": "00000000-0000-4000-8000-000000000020", "name": "Бегать", "emoji": "🏓", "color": "#33CF69", "category": "00000000-0000-4000-8000-000000000003", "schedule": ["mon", "xyz"], "pinned": false, "created": "2026-11-01""##
        )
      ).first
        == ##"trackers[0].schedule[1]: "xyz" is not a weekday; use mon, tue, wed, thu, fri, sat or sun"##)
  }

  @Test func impossibleDate() throws {
    #expect(
      try problems(
        archive(records: ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-02-30"}"##))
        == [
          ##"records[0].date: "2026-02-30" is not a day of the calendar"##
        ])
    #expect(
      try problems(
        archive(records: ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "30.11.2026"}"##))
        == [
          ##"records[0].date: "30.11.2026" is not a date in the form YYYY-MM-DD"##
        ])
  }

  @Test func recordAfterToday() throws {
    // Two days ahead is a backup made at the same instant across the date line; three is not.
    #expect(
      try problems(
        archive(records: ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-12-03"}"##))
        == [
          "records[0].date: 2026-12-03 is after today (2026-11-30); a day cannot be completed in advance"
        ])
    let store = try Self.filledStore(.sqlite)
    try store.importArchive(
      archive(records: ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-12-02"}"##),
      today: Self.today)
    #expect(try store.statistics(asOf: Self.today).completed == 4)
    #expect(try store.allRecords().contains { $0.day == day("2026-12-02") })
  }

  @Test func duplicateRecord() throws {
    let record = ##"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-11-29"}"##
    #expect(
      try problems(archive(records: record + ", " + record)) == [
        "records[1]: duplicate of records[0]: the same tracker on the same date"
      ])
  }

  @Test func duplicatesAreReportedInFileOrderAgainstTheFirstOccurrence() throws {
    let a = #"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-11-29"}"#
    let b = #"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-11-28"}"#
    let late = #"{"tracker": "00000000-0000-4000-8000-000000000020", "date": "2026-12-24"}"#
    #expect(
      try problems(archive(records: [a, b, a, late, a, b].joined(separator: ", "))) == [
        "records[2]: duplicate of records[0]: the same tracker on the same date",
        "records[3].date: 2026-12-24 is after today (2026-11-30); a day cannot be completed in advance",
        "records[4]: duplicate of records[0]: the same tracker on the same date",
        "records[5]: duplicate of records[1]: the same tracker on the same date",
      ])
  }

  @Test(arguments: StoreKind.allCases)
  func idAlreadyInTheStore(kind: StoreKind) throws {
    #expect(
      try problems(
        archive(categories: ##"{"id": "00000000-0000-4000-8000-000000000001", "title": "Спорт"}"##),
        kind: kind
      ).first
        == ##"categories[0].id: 00000000-0000-4000-8000-000000000001 is already in the store, with other values (title: "Домашний уют" in the store, "Спорт" here); an import adds only what is new and never changes what is there: rename or delete one of them first"##
    )
  }

  @Test(arguments: StoreKind.allCases)
  func anArchiveImportedIntoTheStoreItCameFromAddsNothingAndCountsWhatWasThere(kind: StoreKind) throws {
    let store = try Self.filledStore(kind)
    let text = TrackerArchive.export(try store.contents())
    let summary = try store.importArchive(text, today: Self.today)
    #expect(summary.addedNothing)
    #expect(summary.categoriesAlreadyThere == 2 && summary.trackersAlreadyThere == 2)
    #expect(summary.recordsAlreadyThere == 4 && summary.daysOffAlreadyThere == 1)
    #expect(TrackerArchive.export(try store.contents()) == text)
    // An older backup of the same store, with a record since taken back, adds just that record.
    try store.toggleRecord(trackerID: id(10), on: day("2026-11-25"))
    let again = try store.importArchive(text, today: Self.today)
    #expect(
      again.added
        == StoreContents(
          categories: [], trackers: [], records: [TrackerRecord(trackerID: id(10), day: day("2026-11-25"))]))
    #expect(again.trackersAlreadyThere == 2 && again.recordsAlreadyThere == 3)
    #expect(TrackerArchive.export(try store.contents()) == text)
  }

  @Test(arguments: StoreKind.allCases)
  func aBackupWhoseTrackerDiffersFromTheStoresSaysWhatDiffersAndImportsNothing(kind: StoreKind) throws {
    let store = try Self.filledStore(kind)
    let text = TrackerArchive.export(try store.contents())
    var renamed = try store.trackers().map(\.tracker).first { $0.id == id(10) }!
    renamed.name = "Поливать цветы"
    renamed.color = TrackerColor(hex: "#6E44FE")!
    try store.updateTracker(renamed, addingRecordsOn: [], removingRecordsOn: [])
    let before = TrackerArchive.export(try store.contents())
    let found = try problems(text, kind: kind, into: store)
    #expect(
      found == [
        ##"trackers[1].id: 00000000-0000-4000-8000-000000000010 is already in the store, with other values (name: "Поливать цветы" in the store, "Поливать растения" here; color: "#6E44FE" in the store, "#FF674D" here); an import adds only what is new and never changes what is there: rename or delete one of them first"##
      ], "\(found)")
    #expect(TrackerArchive.export(try store.contents()) == before)
  }

  @Test func everyProblemIsListedNotOnlyTheFirst() throws {
    let tracker =
      ##""id": "bad", "name": "", "emoji": "no", "color": "#12", "category": "00000000-0000-4000-8000-000000000003", "schedule": "daily", "pinned": "yes", "created": "2026-13-01", "colour": "red""##
    #expect(
      try problems(archive(tracker: tracker, records: "")) == [
        "trackers[0].colour: unknown field",
        ##"trackers[0].id: "bad" is not a UUID"##,
        "trackers[0].name: empty; a tracker needs a name",
        ##"trackers[0].emoji: "no" is not exactly one emoji"##,
        ##"trackers[0].color: "#12" is not a color in the form #RRGGBB"##,
        "trackers[0].schedule: expected an array of weekdays or null, found a string",
        "trackers[0].pinned: expected true or false, found a string",
        ##"trackers[0].created: "2026-13-01" is not a day of the calendar"##,
      ])
  }

  @Test func recordsBeforeTheTrackersTheyReferToAreDecodedAllTheSame() {
    let archive = """
      {"records": [{"tracker": "00000000-0000-4000-8000-000000000010", "date": "2026-11-02"},
                   {"tracker": "00000000-0000-4000-8000-000000000099", "date": "2026-11-03"}],
       "trackers": [{"id": "00000000-0000-4000-8000-000000000010", "name": "Run", "emoji": "🙂",
                     "color": "#FD4C49", "category": "00000000-0000-4000-8000-000000000001",
                     "schedule": null, "pinned": false, "created": "2026-11-01"}],
       "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Sport"}],
       "version": 1, "format": "tracker"}
      """
    switch TrackerArchive.decode(archive, today: Self.today, existing: .empty) {
    case .success: Issue.record("a dangling record was accepted")
    case .failure(let failure):
      #expect(
        failure.problems.map(\.description) == [
          "records[1].tracker: no tracker with id 00000000-0000-4000-8000-000000000099 in the file or the store"
        ])
    }
  }

  @Test func unknownFieldsAfterTheRecordsAreReported() {
    let archive = """
      {"format": "tracker", "version": 1, "categories": [], "trackers": [], "records": [], "extra": 1}
      """
    switch TrackerArchive.decode(archive, today: Self.today, existing: .empty) {
    case .success: Issue.record("an unknown field was accepted")
    case .failure(let failure): #expect(failure.problems.map(\.description) == ["extra: unknown field"])
    }
  }

  @Test func aRecordWithEscapesOrExtraSpacesIsReadLikeAPlainOne() throws {
    let tracker = """
      {"id": "00000000-0000-4000-8000-000000000010", "name": "Run", "emoji": "🙂", "color": "#FD4C49",
       "category": "00000000-0000-4000-8000-000000000001", "schedule": null, "pinned": false,
       "created": "2026-11-01"}
      """
    let archive = """
      {"format": "tracker", "version": 1,
       "categories": [{"id": "00000000-0000-4000-8000-000000000001", "title": "Sport"}],
       "trackers": [\(tracker)],
       "records": [{"tracker": "00000000-0000-4000-8000-000000000010", "date": "2026-11-02"},
                   { "date" : "2026\\u002d11-03", "tracker" : "00000000-0000-4000-8000-000000000010" },
                   {"tracker":"00000000-0000-4000-8000-000000000010","date":"2026-11-04"}]}
      """
    let contents = try TrackerArchive.decode(archive, today: Self.today, existing: .empty).get()
    #expect(contents.records.map(\.day) == [day("2026-11-02"), day("2026-11-03"), day("2026-11-04")])
  }
}
