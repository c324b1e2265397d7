import Foundation

extension Reliability {
  /// Imports thousands of mutated backups into a store that already holds data. Each must be
  /// either accepted whole (and the store still exports) or refused with the store exactly as it
  /// was — never a crash, a hang, a half import or an unbounded error output.
  mutating func fuzzImports() throws -> Report {
    var report = Report(part: "fuzz")
    report.watch(
      "crashes", "hangs", "half imports", "silent refusals", "unbounded outputs", "unreadable stores")
    let template = path("fuzz-template.sqlite")
    try makeStore(template, [Archives.make(group: 1, prefix: "Home", trackers: 2, records: 20)])
    let reference = try tool(["export", "--store", template, "--output", "-"]).output
    let original = Array(Archives.make(group: 2, prefix: "Sport", trackers: 3, records: 15, step: 2).utf8)
    let store = path("fuzz.sqlite")
    let file = path("fuzz.json")
    for trial in 0..<scale.mutations {
      var bytes = original
      let operation = mutate(&bytes)
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      try copyStore(template, to: store)
      let outcome = try tool(["import", file, "--store", store], timeout: 20)
      let example =
        "mutation \(trial) (\(operation)): exit \(outcome.status), \(outcome.errorText.prefix(200))"
      if outcome.timedOut {
        report.fail("hangs", example: example)
        continue
      }
      if outcome.crashed {
        report.fail("crashes", example: example)
        continue
      }
      if outcome.error.count > 64 * 1024 {
        report.fail("unbounded outputs", example: "\(outcome.error.count) bytes: " + example)
      }
      let after = try tool(["export", "--store", store, "--output", "-"])
      if after.status != 0 {
        report.fail("unreadable stores", example: example + " — export: " + after.errorText)
        continue
      }
      if outcome.status == 0 {
        report.count("accepted")
      } else {
        report.count("refused")
        if outcome.error.isEmpty { report.fail("silent refusals", example: example) }
        if after.output != reference { report.fail("half imports", example: example) }
      }
    }
    report.counts.insert(("mutated imports", scale.mutations), at: 0)
    return report
  }

  /// Changes `bytes` in one of several ways; returns what it did.
  mutating func mutate(_ bytes: inout [UInt8]) -> String {
    func position() -> Int { Int.random(in: 0..<max(bytes.count, 1), using: &random) }
    let tokens = [
      "{", "}", "[", "]", "\"", ",", ":", "null", "true", "1e999", "-0", "9223372036854775808",
      "-9223372036854775809", #""\u0000""#, #""\ud800""#, "\u{FEFF}", "\r\n", #""date": "2026-02-30""#,
      #""schedule": ["xyz"]"#, ##""color": "#ZZZZZZ""##, #""emoji": """#, #""tracker": "no such id""#,
      "0.5", "\"\u{7}\"", "{}", "[]", #""version": 2"#,
    ]
    switch Int.random(in: 0..<11, using: &random) {
    case 0:
      let at = position()
      bytes[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
      return "bit flip at \(at)"
    case 1:
      let at = position()
      let count = min(Int.random(in: 1...16, using: &random), bytes.count - at)
      bytes.removeSubrange(at..<(at + count))
      return "\(count) bytes deleted at \(at)"
    case 2:
      let at = position()
      let token = tokens[Int.random(in: 0..<tokens.count, using: &random)]
      bytes.insert(contentsOf: Array(token.utf8), at: at)
      return "\(token) inserted at \(at)"
    case 3:
      let at = position()
      let count = min(Int.random(in: 1...200, using: &random), bytes.count - at)
      bytes.insert(contentsOf: bytes[at..<(at + count)], at: at)
      return "\(count) bytes repeated at \(at)"
    case 4:
      let at = position()
      bytes.removeSubrange(at...)
      return "cut at \(at)"
    case 5:
      let digits = bytes.indices.filter { (48...57).contains(bytes[$0]) }
      guard let at = digits.randomElement(using: &random) else { return "nothing" }
      let huge =
        ["99999999999999999999", "-1", "0", "2147483648", "1e308"].randomElement(using: &random) ?? "0"
      bytes.replaceSubrange(at...at, with: Array(huge.utf8))
      return "digit at \(at) replaced with \(huge)"
    case 6:
      let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
      guard let at = quotes.randomElement(using: &random) else { return "nothing" }
      let weird =
        [
          String(repeating: "x", count: 100_000), "", "\u{1}\u{2}", "\\", "line\nbreak",
          String(repeating: "🏃", count: 50),
        ].randomElement(using: &random) ?? ""
      bytes.insert(contentsOf: Array(weird.utf8), at: at + 1)
      return "\(weird.utf8.count) bytes of text inserted at \(at + 1)"
    case 7:
      let first = position()
      let second = position()
      bytes.swapAt(first, second)
      return "bytes \(first) and \(second) swapped"
    case 8:
      // One dangling record repeated thousands of times: the problems listed must stay bounded.
      let record = Array(#"{"tracker": "00000000-0000-4000-9999-000000000000", "date": "2026-11-01"},"#.utf8)
      guard let at = bytes.firstRange(of: Array(#""records": ["#.utf8))?.upperBound else { return "nothing" }
      let copies = Int.random(in: 100...5000, using: &random)
      bytes.insert(contentsOf: Array([[UInt8]](repeating: record, count: copies).joined()), at: at)
      return "\(copies) dangling records"
    case 9:
      var flipped: [Int] = []
      for _ in 0..<Int.random(in: 2...8, using: &random) {
        let at = position()
        bytes[at] = UInt8.random(in: 0...255, using: &random)
        flipped.append(at)
      }
      return "random bytes at \(flipped)"
    default:
      // A record of an existing tracker duplicated: valid JSON, a problem for the rules.
      guard let range = bytes.firstRange(of: Array(#"{"tracker""#.utf8)),
        let end = bytes[range.lowerBound...].firstIndex(of: UInt8(ascii: "}"))
      else { return "nothing" }
      let record = Array(bytes[range.lowerBound...end]) + Array(", ".utf8)
      bytes.insert(contentsOf: record, at: range.lowerBound)
      return "a record repeated"
    }
  }
}
