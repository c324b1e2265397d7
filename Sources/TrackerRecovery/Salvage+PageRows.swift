import Foundation
import TrackerModels
import TrackerSQLite
import TrackerSchema

extension Salvage {
  // MARK: Rows found by the page scan

  /// The categories and trackers among `cells` whose seals match (each row checked exactly as a
  /// read of the store checks it), and how many rows shaped like theirs were left out. A row found
  /// twice with different values (an older copy) is left out: nothing says which one is right.
  package static func scannedRows(_ cells: [PageScan.Cell]) -> (
    categories: [TrackerCategory], trackers: [(number: Int, tracker: Tracker)], leftOut: Int
  ) {
    guard let database = try? Database(path: ":memory:", create: true) else { return ([], [], 0) }
    defer { database.close() }
    var leftOut = 0
    var categories: [UUID: TrackerCategory?] = [:]
    var trackers: [UUID: (number: Int, tracker: Tracker)?] = [:]
    do {
      try database.execute("CREATE TABLE category (id, title, seal)")
      try database.execute(
        "CREATE TABLE tracker (" + TrackerRows.trackerColumns.replacingOccurrences(of: " ", with: "")
          + ")")
      let insertCategory = try database.prepare("INSERT INTO category VALUES (?, ?, ?)")
      let insertTracker = try database.prepare(
        "INSERT INTO tracker VALUES (" + Array(repeating: "?", count: 16).joined(separator: ", ") + ")")
      for cell in cells {
        guard let rowid = cell.rowid else { continue }
        let values = cell.values
        // category: id, title, title_key, seal
        if values.count == 4, case .text = values[0], case .text = values[1], case .text = values[2],
          case .integer = values[3]
        {
          try insertCategory.run([values[0], values[1], values[3]])
        }
        // tracker: number (the rowid), id, name, name_key, emoji, color, category_id, pinned,
        // created_day, schedule, record_count, first_record_day, last_record_day, best_streak,
        // last_run, seal, summary_seal
        if values.count == 17, case .null = values[0], case .text = values[1], case .integer = values[15] {
          try insertTracker.run(
            [.integer(rowid), values[15], values[1], values[2], values[4], values[5], values[6], values[7]]
              + [
                values[8], values[9], values[10], values[11], values[12], values[13], values[14], values[16],
              ])
        }
      }
      try database.prepare("SELECT id, title, seal FROM category").forEachRow { row in
        guard let category = try? TrackerRows.decodeCategory(row) else {
          leftOut += 1
          return
        }
        if let earlier = categories[category.id], earlier != category {
          categories[category.id] = .some(nil)
        } else if categories[category.id] == nil {
          categories[category.id] = category
        }
      }
      try database.prepare("SELECT \(TrackerRows.trackerColumns) FROM tracker").forEachRow { row in
        guard let summary = try? TrackerRows.decodeTracker(row, checksSummary: false) else {
          leftOut += 1
          return
        }
        let id = summary.tracker.id
        if let earlier = trackers[id], earlier?.tracker != summary.tracker || earlier?.number != row.int(0) {
          trackers[id] = .some(nil)
        } else if trackers[id] == nil {
          trackers[id] = (row.int(0), summary.tracker)
        }
      }
    } catch {
      return ([], [], leftOut)
    }
    leftOut += categories.values.filter { $0 == nil }.count + trackers.values.filter { $0 == nil }.count
    return (
      categories.values.compactMap { $0 }.sorted { $0.id.uuidString < $1.id.uuidString },
      trackers.values.compactMap { $0 }.sorted { $0.number < $1.number }, leftOut
    )
  }

  /// `found` reduced to what a store accepts — unique titles and names, valid trackers of kept
  /// categories, records of kept trackers, days off as the store takes them, each once — and how
  /// many rows that left out. A tracker
  /// whose category could not be read keeps its id in a category made for it, titled
  /// `recoveredCategoryTitle` ("Recovered", "Recovered 2" …): the tracker is read, only its
  /// category's title is lost.
  package static func acceptable(_ found: StoreContents, recoveredCategoryTitle: String = "Recovered") -> (
    contents: StoreContents, leftOut: Int
  ) {
    var leftOut = 0
    var titles = NameIndex([String]())
    var categories: [TrackerCategory] = []
    for category in found.categories {
      guard titles.name(withKey: NameRules.comparisonKey(category.title)) == nil,
        case .success(let title) = NameRules.validate(category.title, against: titles)
      else {
        leftOut += 1
        continue
      }
      titles.insert(title)
      categories.append(TrackerCategory(id: category.id, title: title))
    }
    var categoryIDs = Set(categories.map(\.id))
    for id in found.trackers.map(\.categoryID) where !categoryIDs.contains(id) {
      var number = 1
      while true {
        let title = number == 1 ? recoveredCategoryTitle : "\(recoveredCategoryTitle) \(number)"
        if titles.name(withKey: NameRules.comparisonKey(title)) == nil,
          case .success(let valid) = NameRules.validate(title, against: titles)
        {
          titles.insert(valid)
          categories.append(TrackerCategory(id: id, title: valid))
          categoryIDs.insert(id)
          break
        }
        number += 1
        guard number < 1000 else { break }
      }
    }
    var names = NameIndex([String]())
    var trackers: [Tracker] = []
    for tracker in found.trackers {
      guard categoryIDs.contains(tracker.categoryID),
        let valid = try? StoreRules.validated(tracker, otherNames: names)
      else {
        leftOut += 1
        continue
      }
      names.insert(valid.name)
      trackers.append(valid)
    }
    let trackerIDs = Set(trackers.map(\.id))
    let measurable = Set(trackers.filter { $0.measure != .yesNo }.map(\.id))
    // Keyed by tracker and day (a day off is one such pair too): one record a day, whatever its amount.
    var seen = Set<TrackerDayOff>()
    var records: [TrackerRecord] = []
    records.reserveCapacity(found.records.count)
    for record in found.records
    where seen.insert(TrackerDayOff(trackerID: record.trackerID, day: record.day)).inserted {
      guard trackerIDs.contains(record.trackerID), record.day.isStorable else {
        leftOut += 1
        continue
      }
      if record.amount != nil, !measurable.contains(record.trackerID) {
        // An amount on a tracker kept as yes/no (its goal was left out): the store keeps none.
        leftOut += 1
        records.append(TrackerRecord(trackerID: record.trackerID, day: record.day))
      } else {
        records.append(record)
      }
    }
    // A day off is kept as the store keeps one: of a kept tracker, on a storable day without a
    // record, on a day the tracker is shown (on or after its first day, on its schedule).
    var earliest: [UUID: Day] = [:]
    for record in records where record.day < (earliest[record.trackerID] ?? .latestStored) {
      earliest[record.trackerID] = record.day
    }
    let kept = Dictionary(trackers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var seenOff = Set<TrackerDayOff>()
    var daysOff: [TrackerDayOff] = []
    for dayOff in found.daysOff where seenOff.insert(dayOff).inserted {
      guard let tracker = kept[dayOff.trackerID], dayOff.day.isStorable,
        !seen.contains(dayOff),
        tracker.isVisible(on: dayOff.day, firstDay: tracker.firstDay(earliestRecord: earliest[tracker.id]))
      else {
        leftOut += 1
        continue
      }
      daysOff.append(dayOff)
    }
    // A note is kept as the store keeps one: of a kept tracker, on a storable day, once, valid.
    var noted = Set<TrackerDayOff>()
    var notes: [TrackerNote] = []
    for note in found.notes {
      guard trackerIDs.contains(note.trackerID), note.day.isStorable,
        noted.insert(TrackerDayOff(trackerID: note.trackerID, day: note.day)).inserted,
        case .success(note.text) = TrackerNote.validatedText(note.text)
      else {
        leftOut += 1
        continue
      }
      notes.append(note)
    }
    return (
      StoreContents(
        categories: categories, trackers: trackers, records: records, daysOff: daysOff, notes: notes),
      leftOut
    )
  }
}
