import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSQLite

/// A HabitBull CSV export: the header `HabitName,HabitDescription,HabitCategory,CalendarDate,
/// Value,CommentText`, then a row per habit and day. Dates `yyyy-MM-dd` or `M/d/yyyy`; a value
/// above 0 is a record (an amount, on a habit with values other than 0 and 1), 0 or anything
/// unreadable is nothing; a comment is the day's note.
package enum HabitBullCSV {
  package static let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText"

  /// Whether the first line of `bytes` (after a byte-order mark) is HabitBull's header.
  package static func isHabitBull(_ bytes: Data) -> Bool {
    var head = bytes.prefix(header.utf8.count + 8)
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
    guard head.starts(with: Array(header.utf8)) else { return false }
    let rest = head.dropFirst(header.utf8.count)
    return rest.first.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? true
  }

  /// When the first line of `bytes` is HabitBull's header but for case or spaces around a
  /// field, the problem saying so (the first field that differs, quoted); nil otherwise.
  package static func nearlyHabitBull(_ bytes: Data) -> ImportProblem? {
    var head = bytes.prefix(header.utf8.count * 4)
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
    let line = head.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
    guard let text = String(data: Data(line), encoding: .utf8) else { return nil }
    let fields = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let expected = header.split(separator: ",").map(String.init)
    guard fields.count == expected.count,
      zip(fields, expected).allSatisfy({ NameRules.trimmed($0).lowercased() == $1.lowercased() }),
      let (found, wanted) = zip(fields, expected).first(where: { $0 != $1 })
    else { return nil }
    return problem(
      1,
      StoreMessage(
        "import.csv.nearlyHabitBull",
        "a CSV file, but its header is not HabitBull's: %@ where HabitBull has %@",
        .text(JSONWriter.quoted(found)), .text(JSONWriter.quoted(wanted))))
  }

  private static func problem(_ line: Int, _ reason: StoreMessage) -> ImportProblem {
    ImportProblem(path: "line \(line)", reason: reason)
  }

  /// Reads the CSV in `bytes`: every problem with its line, or the habits.
  package static func read(_ bytes: Data, today: Day) -> Result<OtherTrackerFile, ImportFailure> {
    guard var text = String(data: bytes, encoding: .utf8) else {
      return .failure(
        ImportFailure(problems: [
          ImportProblem(
            path: "$", reason: StoreMessage("import.csv.notUTF8", "a HabitBull CSV, but not UTF-8 text"))
        ]))
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var problems: [ImportProblem] = []
    var adaptations = ForeignAdaptations()
    var habits: [ForeignHabit] = []
    var index: [String: Int] = [:]
    var numerical: Set<Int> = []
    var seen: Set<[Int]> = []  // [habit, day]: a second row of the same is merged
    var amounts: [[Day: Amount]] = []  // by habit: each day's largest amount
    var comments: [[Day: [String]]] = []  // by habit: each day's comments, in the file's order
    for (line, fields) in rows(text, problems: &problems).dropFirst() {
      guard fields.count == 6 else {
        if fields.count == 1, fields[0].isEmpty { continue }  // an empty line
        problems.append(
          problem(
            line,
            StoreMessage(
              "import.csv.fieldCount", "%@ fields; a HabitBull row has 6", .text(String(fields.count)))))
        continue
      }
      let name = OtherTrackerFile.cleaned(fields[0])
      guard !name.isEmpty else {
        problems.append(
          problem(line, StoreMessage("import.csv.emptyName", "HabitName is empty; every row names its habit"))
        )
        continue
      }
      guard let date = date(fields[3]) else {
        problems.append(
          problem(
            line,
            StoreMessage(
              "import.csv.notADate", "CalendarDate %@ is not a date in the form yyyy-MM-dd or M/d/yyyy",
              .text(JSONWriter.quoted(fields[3])))))
        continue
      }
      let position: Int
      if let known = index[name] {
        position = known
      } else {
        position = habits.count
        index[name] = position
        habits.append(
          ForeignHabit(
            id: UUID(name: "habitbull\n" + name, namespace: OtherTrackerFile.namespace), name: name,
            category: .named(fields[2]), kind: .habit(.everyDay), color: TrackerColor.palette[0], records: [],
            daysOff: []))
        amounts.append([:])
        comments.append([:])
      }
      if !seen.insert([position, date.daysSinceEpoch]).inserted { adaptations.mergedRows += 1 }
      let value = Double(NameRules.trimmed(fields[4])).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
      let comment = NameRules.trimmed(fields[5]).isEmpty ? nil : fields[5]
      guard value != nil || comment != nil else { continue }
      guard let day = OtherTrackerFile.storable(date.daysSinceEpoch, today: today) else {
        adaptations.checkMarksLeftOut += 1
        continue
      }
      if let comment { comments[position][day, default: []].append(comment) }
      guard let value else { continue }
      if value != 1 { numerical.insert(position) }
      let amount = Amount(thousandths: Int(min((value * 1000).rounded(), Double(Amount.maximum.thousandths))))
      if let amount, amounts[position][day].map({ amount > $0 }) ?? true {
        if amounts[position][day] == nil { habits[position].records.append(day) }
        amounts[position][day] = amount
      }
    }
    guard problems.isEmpty else { return .failure(ImportFailure(problems: problems)) }
    adaptations.targetsFromAmounts = numerical.count
    for position in habits.indices {
      // Each habit its own color, in the palette's order.
      habits[position].color = TrackerColor.palette[position % TrackerColor.palette.count]
      if numerical.contains(position) {
        habits[position].amounts = amounts[position]
        habits[position].goal = ForeignGoal(
          unit: "", target: mostCommon(amounts[position].values), direction: .atLeast)
      }
      for (day, texts) in comments[position] {
        // Rows merged: each comment once, a line each.
        var distinct: [String] = []
        for text in texts where !distinct.contains(text) { distinct.append(text) }
        let joined = distinct.joined(separator: "\n")
        if let note = OtherTrackerFile.noteText(joined, notesCut: &adaptations.notesCut) {
          habits[position].notes[day] = note
        }
      }
      habits[position].settle()
    }
    return .success(OtherTrackerFile(source: .habitBull, habits: habits, adaptations: adaptations))
  }

  /// The amount above zero most often among `amounts` (the smallest of equals); 0.001 when none is.
  package static func mostCommon<Amounts: Sequence>(_ amounts: Amounts) -> Amount
  where Amounts.Element == Amount {
    var counts: [Amount: Int] = [:]
    for amount in amounts where amount.isPositive { counts[amount, default: 0] += 1 }
    let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
    return best?.key ?? Amount(thousandths: 1) ?? .maximum
  }

  /// `yyyy-MM-dd` or `M/d/yyyy`, a day of the calendar.
  package static func date(_ raw: String) -> Day? {
    let text = NameRules.trimmed(raw)
    if let day = try? Day(iso: text) { return day }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
      parts[2].count == 4, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2])
    else { return nil }
    return Day(year: year, month: month, day: day)
  }

  /// The rows of `text` (RFC 4180: fields in double quotes may hold commas, line breaks and `""`),
  /// each with the line it starts on.
  package static func rows(_ text: String, problems: inout [ImportProblem]) -> [(line: Int, fields: [String])]
  {
    var result: [(Int, [String])] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var rowLine = 1
    var quoted = false
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar?
    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return scalars.next()
    }
    var atEnd = false
    while !atEnd {
      guard let scalar = next() else {
        atEnd = true
        if quoted {
          problems.append(
            problem(rowLine, StoreMessage("import.csv.unclosedQuote", "a quoted field is not closed")))
        }
        if !field.isEmpty || !fields.isEmpty {
          fields.append(String(field))
          result.append((rowLine, fields))
        }
        break
      }
      if quoted {
        if scalar == "\"" {
          if let following = next() {
            if following == "\"" {
              field.append("\"")
            } else {
              quoted = false
              pending = following
            }
          } else {
            quoted = false
          }
        } else {
          if scalar == "\n" { line += 1 }
          field.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty: quoted = true
      case ",":
        fields.append(String(field))
        field = String.UnicodeScalarView()
      case "\r":
        if let following = next(), following != "\n" { pending = following }
        fallthrough
      case "\n":
        fields.append(String(field))
        field = String.UnicodeScalarView()
        result.append((rowLine, fields))
        fields = []
        line += 1
        rowLine = line
      default: field.append(scalar)
      }
    }
    return result
  }
}
