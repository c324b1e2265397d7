import Foundation
import TrackerSQLite

/// Reads the rows of a SQLite file's b-tree leaf pages straight from its bytes, as `sqlite3`'s
/// `.recover` does for the pages no b-tree reaches any more: every table leaf (rowid tables) and
/// index page (`WITHOUT ROWID` tables, indexes) is parsed cell by cell — the record's header of
/// varints, its serial types, its values, and the overflow chain of a row too large for its page.
/// Pages on the file's free list (deleted rows) are left out, so nothing deleted comes back.
///
/// Nothing found here is trusted by itself: a row is kept only when its seal (`RowSeal`) matches,
/// which the callers check.
package struct PageScan {
  /// One cell of a leaf page: its page, the rowid of a table leaf (nil for an index leaf) and the
  /// values.
  package struct Cell {
    package var page: Int
    package var rowid: Int64?
    package var values: [Statement.Value]
  }

  private let bytes: [UInt8]
  private let pageSize: Int
  private let usableSize: Int

  /// A scan of the file at `path` (read whole: only a damaged file's copy is scanned); nil when it
  /// cannot be read.
  package init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path), data.count >= 512 else { return nil }
    bytes = [UInt8](data)
    // The page size is at offset 16 (1 means 65536); a damaged header falls back to SQLite's default.
    let stored = Int(bytes[16]) << 8 | Int(bytes[17])
    let size = stored == 1 ? 65536 : stored
    let valid = size >= 512 && size <= 65536 && size & (size - 1) == 0
    let header = bytes.starts(with: Array("SQLite format 3\u{0}".utf8))
    pageSize = header && valid ? size : 4096
    let reserved = header && valid ? Int(bytes[20]) : 0
    usableSize = pageSize - reserved
  }

  /// How many pages the file holds (a last page cut short counts).
  package var pageCount: Int { (bytes.count + pageSize - 1) / pageSize }

  /// The cells of every leaf page not on the free list, page by page.
  package func cells() -> [Cell] {
    let free = freePages()
    var found: [Cell] = []
    for page in 1...max(1, pageCount) where !free.contains(page) {
      found.append(contentsOf: cells(ofPage: page))
    }
    return found
  }

  /// The pages of the b-trees rooted at `roots`: each root and every page its interior pages lead
  /// to, as far as they can be read (a damaged interior page leads nowhere).
  package func pages(reachableFrom roots: [Int]) -> Set<Int> {
    var reached = Set<Int>()
    var pending = roots
    while let page = pending.popLast() {
      guard page >= 1, page <= pageCount, reached.insert(page).inserted else { continue }
      let start = (page - 1) * pageSize
      let header = start + (page == 1 ? 100 : 0)
      // Interior pages only (index 0x02, table 0x05): a 12-byte header, the right-most child at 8.
      guard header + 12 <= bytes.count, bytes[header] == 0x02 || bytes[header] == 0x05 else { continue }
      let count = Int(bytes[header + 3]) << 8 | Int(bytes[header + 4])
      let pageEnd = min(start + usableSize, bytes.count)
      pending.append(Int(word(header + 8)))
      for index in 0..<count where header + 12 + index * 2 + 2 <= pageEnd {
        let pointer = header + 12 + index * 2
        let offset = start + (Int(bytes[pointer]) << 8 | Int(bytes[pointer + 1]))
        if offset > header, offset + 4 <= pageEnd { pending.append(Int(word(offset))) }
      }
    }
    return reached
  }

  /// The pages the header's free list names (as far as its trunk pages can be read).
  private func freePages() -> Set<Int> {
    guard bytes.count >= 40 else { return [] }
    var free = Set<Int>()
    var trunk = Int(word(32))
    var seen = 0
    while trunk > 0, trunk <= pageCount, seen < pageCount, !free.contains(trunk) {
      seen += 1
      free.insert(trunk)
      let start = (trunk - 1) * pageSize
      guard start + 8 <= bytes.count else { break }
      let count = Int(word(start + 4))
      guard count <= (usableSize - 8) / 4 else { break }
      for index in 0..<count where start + 8 + index * 4 + 4 <= bytes.count {
        free.insert(Int(word(start + 8 + index * 4)))
      }
      trunk = Int(word(start))
    }
    return free
  }

  /// The cells of leaf page `page` (1-based); none when it is not a readable leaf.
  private func cells(ofPage page: Int) -> [Cell] {
    let start = (page - 1) * pageSize
    let header = start + (page == 1 ? 100 : 0)
    guard header + 8 <= bytes.count else { return [] }
    let type = bytes[header]
    // Table leaves, index leaves, and index interior pages (whose cells hold whole keys: the rows
    // of a `WITHOUT ROWID` table).
    guard type == 0x0D || type == 0x0A || type == 0x02 else { return [] }
    let isTable = type == 0x0D
    let headerSize = type == 0x02 ? 12 : 8
    let count = Int(bytes[header + 3]) << 8 | Int(bytes[header + 4])
    let pageEnd = min(start + usableSize, bytes.count)
    guard header + headerSize + count * 2 <= pageEnd else { return [] }
    var found: [Cell] = []
    for index in 0..<count {
      let pointer = header + headerSize + index * 2
      // An interior cell starts with its left child's page number.
      let offset = start + (Int(bytes[pointer]) << 8 | Int(bytes[pointer + 1])) + (type == 0x02 ? 4 : 0)
      guard offset > header, offset < pageEnd,
        let cell = cell(at: offset, page: page, isTable: isTable, pageEnd: pageEnd)
      else { continue }
      found.append(cell)
    }
    return found
  }

  /// The cell at `offset`, or nil when any part of it is out of bounds or malformed.
  private func cell(at offset: Int, page: Int, isTable: Bool, pageEnd: Int) -> Cell? {
    var position = offset
    guard let payloadSize = varint(&position, end: pageEnd), payloadSize >= 0, payloadSize < 1 << 30 else {
      return nil
    }
    var rowid: Int64?
    if isTable {
      guard let value = varint(&position, end: pageEnd) else { return nil }
      rowid = value
    }
    guard let payload = payload(at: position, size: Int(payloadSize), isTable: isTable, pageEnd: pageEnd),
      let values = record(payload)
    else { return nil }
    return Cell(page: page, rowid: rowid, values: values)
  }

  /// The `size` bytes of a cell's payload starting at `position`, following its overflow chain
  /// when it does not fit in its page (SQLite's file format, "Cell Payload Overflow Pages").
  private func payload(at position: Int, size: Int, isTable: Bool, pageEnd: Int) -> [UInt8]? {
    let usable = usableSize
    let maxLocal = isTable ? usable - 35 : (usable - 12) * 64 / 255 - 23
    let minLocal = (usable - 12) * 32 / 255 - 23
    var local = size
    if size > maxLocal {
      let candidate = minLocal + (size - minLocal) % (usable - 4)
      local = candidate <= maxLocal ? candidate : minLocal
    }
    guard position + local <= pageEnd else { return nil }
    var result = Array(bytes[position..<position + local])
    guard local < size else { return result }
    guard position + local + 4 <= pageEnd else { return nil }
    var next = Int(word(position + local))
    var hops = 0
    while result.count < size {
      hops += 1
      guard next > 0, next <= pageCount, hops <= pageCount else { return nil }
      let start = (next - 1) * pageSize
      let take = min(usable - 4, size - result.count)
      guard start + 4 + take <= bytes.count else { return nil }
      result.append(contentsOf: bytes[start + 4..<start + 4 + take])
      next = Int(word(start))
    }
    return result
  }

  /// The values of a record (SQLite's record format: a header of varints, then the values).
  private func record(_ payload: [UInt8]) -> [Statement.Value]? {
    var position = 0
    guard let headerSize = Self.varint(payload, &position, end: payload.count), headerSize >= 1,
      headerSize <= payload.count
    else { return nil }
    var types: [Int64] = []
    while position < Int(headerSize) {
      guard let type = Self.varint(payload, &position, end: Int(headerSize)) else { return nil }
      types.append(type)
    }
    var body = Int(headerSize)
    var values: [Statement.Value] = []
    for type in types {
      let length: Int
      switch type {
      case 0, 8, 9: length = 0
      case 1, 2, 3, 4: length = Int(type)
      case 5: length = 6
      case 6, 7: length = 8
      case 10, 11: return nil
      default: length = Int((type - 12) / 2)
      }
      guard length >= 0, body + length <= payload.count else { return nil }
      let field = payload[body..<body + length]
      body += length
      switch type {
      case 0: values.append(.null)
      case 8: values.append(.integer(0))
      case 9: values.append(.integer(1))
      case 1...6:
        // Big-endian two's complement, sign-extended from its first byte.
        var number = Int64(Int8(bitPattern: field.first ?? 0))
        for byte in field.dropFirst() { number = number << 8 | Int64(byte) }
        values.append(.integer(number))
      case 7: return nil  // Tracker never stores a floating-point value.
      default:
        if type % 2 == 0 {
          values.append(.blob(Array(field)))
        } else {
          guard let text = String(validating: field, as: UTF8.self) else { return nil }
          values.append(.text(text))
        }
      }
    }
    return body == payload.count ? values : nil
  }

  /// A big-endian 32-bit number at `offset` of the file.
  private func word(_ offset: Int) -> UInt32 {
    guard offset + 4 <= bytes.count else { return 0 }
    return bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  }

  /// A varint of the file at `position` (moved past it), not reaching `end`.
  private func varint(_ position: inout Int, end: Int) -> Int64? {
    Self.varint(bytes, &position, end: end)
  }

  /// SQLite's varint: 1 to 9 bytes, 7 bits each (8 in the ninth).
  private static func varint(_ bytes: [UInt8], _ position: inout Int, end: Int) -> Int64? {
    var result: UInt64 = 0
    for index in 0..<9 {
      guard position < end, position < bytes.count else { return nil }
      let byte = bytes[position]
      position += 1
      if index == 8 {
        result = result << 8 | UInt64(byte)
        return Int64(bitPattern: result)
      }
      result = result << 7 | UInt64(byte & 0x7F)
      if byte & 0x80 == 0 { return Int64(bitPattern: result) }
    }
    return nil
  }
}
