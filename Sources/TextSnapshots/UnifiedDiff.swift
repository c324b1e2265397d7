/// A unified line diff for humans: hunks with line numbers on every line, trailing spaces shown
/// as "␠", and a missing final newline said out loud.
public enum UnifiedDiff {
  /// Lines of context around each change.
  public static let context = 2

  /// The diff from `reference` to `actual`.
  public static func make(reference: String, actual: String, referenceName: String, actualName: String)
    -> String
  {
    let old = lines(reference)
    let new = lines(actual)
    // A missing final newline makes a line differ, so it shows in the diff.
    let script = edits(old.map(\.key), new.map(\.key))
    var output = "--- \(referenceName)\n+++ \(actualName)\n"
    var index = 0
    while index < script.count {
      guard script[index].kind != .same else {
        index += 1
        continue
      }
      let start = max(0, index - context)
      var end = index
      // Extend the hunk while changes are closer than twice the context.
      var lastChange = index
      while end < script.count {
        if script[end].kind != .same { lastChange = end }
        if end - lastChange > 2 * context { break }
        end += 1
      }
      end = min(script.count, lastChange + context + 1)
      let hunk = script[start..<end]
      let oldStart = (hunk.first { $0.oldLine != nil }?.oldLine ?? 0) + 1
      let newStart = (hunk.first { $0.newLine != nil }?.newLine ?? 0) + 1
      let oldCount = hunk.filter { $0.oldLine != nil }.count
      let newCount = hunk.filter { $0.newLine != nil }.count
      output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
      for edit in hunk {
        switch edit.kind {
        case .same:
          output += " \(number(edit.oldLine))| " + visible(old[edit.oldLine ?? 0]) + "\n"
        case .removed:
          output += "-\(number(edit.oldLine))| " + visible(old[edit.oldLine ?? 0]) + "\n"
        case .added:
          output += "+\(number(edit.newLine))| " + visible(new[edit.newLine ?? 0]) + "\n"
        }
      }
      index = end
    }
    return output
  }

  private struct Line {
    let text: String
    /// False for a last line without a newline after it.
    let endsWithNewline: Bool

    var key: String { endsWithNewline ? text : text + "\u{0}" }
  }

  private enum Kind { case same, removed, added }

  private struct Edit {
    let kind: Kind
    let oldLine: Int?
    let newLine: Int?
  }

  private static func lines(_ text: String) -> [Line] {
    guard !text.isEmpty else { return [] }
    var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let endsWithNewline = parts.last == ""
    if endsWithNewline { parts.removeLast() }
    return parts.enumerated().map { index, part in
      Line(text: part, endsWithNewline: index < parts.count - 1 || endsWithNewline)
    }
  }

  private static func visible(_ line: Line) -> String {
    let trimmed = String(line.text.reversed().drop { $0 == " " }.reversed())
    let trailing = line.text.count - trimmed.count
    return trimmed + String(repeating: "␠", count: trailing)
      + (line.endsWithNewline ? "" : "\n\\ No newline at end of file")
  }

  private static func number(_ line: Int?) -> String {
    let text = line.map { String($0 + 1) } ?? ""
    return String(repeating: " ", count: max(0, 4 - text.count)) + text
  }

  /// The shortest edit script by longest common subsequence; fine for screens of a few hundred
  /// lines. Lines are compared with their final-newline flag through the caller's text.
  private static func edits(_ old: [String], _ new: [String]) -> [Edit] {
    let n = old.count
    let m = new.count
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var result: [Edit] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        result.append(Edit(kind: .same, oldLine: i, newLine: j))
        i += 1
        j += 1
      } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
        // Removals before additions, as unified diffs read.
        result.append(Edit(kind: .removed, oldLine: i, newLine: nil))
        i += 1
      } else {
        result.append(Edit(kind: .added, oldLine: nil, newLine: j))
        j += 1
      }
    }
    return result
  }
}
