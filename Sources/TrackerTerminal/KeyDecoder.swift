/// A key as the interactive mode understands it.
public enum Key: Equatable, Sendable {
  /// A printable character (a space too), as typed.
  case character(Character)
  case enter, tab, backTab, backspace, escape
  case up, down, left, right, pageUp, pageDown, home, end
  /// Ctrl and a letter ("c" for Ctrl-C, "u" for Ctrl-U).
  case control(Character)
  /// A sequence the mode does not use (F-keys, Delete, mouse reports).
  case unknown
}

/// Turns the bytes a terminal sends in raw mode into keys. An escape sequence or a UTF-8
/// character may arrive cut in two reads: the start waits for the rest. A lone Esc is only known
/// to be one when nothing follows it soon — the caller then calls `flush` (a pause of about 50 ms,
/// as terminals send a sequence in one write).
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// Whether bytes are waiting for more (a lone Esc so far, or half a character).
  public var isWaiting: Bool { !pending.isEmpty }

  /// The keys in `bytes`, after what was waiting.
  public mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    while !pending.isEmpty {
      guard let (key, length) = Self.decode(pending[...]) else { break }
      keys.append(key)
      pending.removeFirst(length)
    }
    return keys
  }

  /// What waits, taken as it is after a pause: a lone Esc (and whatever followed it) or a broken
  /// character.
  public mutating func flush() -> [Key] {
    guard !pending.isEmpty else { return [] }
    var keys: [Key] = []
    if pending.first == 0x1B {
      keys.append(.escape)
      pending.removeFirst()
      keys += feed([])
    }
    if !pending.isEmpty {
      keys.append(.unknown)
      pending.removeAll()
    }
    return keys
  }

  /// The key at the start of `bytes` and how many bytes it took; nil when they stop short of one.
  static func decode(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x1B: return escapeSequence(bytes)
    case 0x0D:
      // Enter; a CR LF pair (a paste) is one.
      return (.enter, bytes.dropFirst().first == 0x0A ? 2 : 1)
    case 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x00...0x1F: return (.unknown, 1)
    default: return character(bytes)
    }
  }

  private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let second = bytes[start + 1]
    switch second {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates, then one final byte.
      var index = start + 2
      while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
      guard index < bytes.endIndex else { return nil }
      let final = bytes[index]
      let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
      let length = index - start + 1
      guard (0x40...0x7E).contains(final) else { return (.unknown, length) }
      let first = parameters.split(separator: ";").first.map(String.init) ?? ""
      switch final {
      case UInt8(ascii: "A"): return (.up, length)
      case UInt8(ascii: "B"): return (.down, length)
      case UInt8(ascii: "C"): return (.right, length)
      case UInt8(ascii: "D"): return (.left, length)
      case UInt8(ascii: "Z"): return (.backTab, length)
      case UInt8(ascii: "H"): return (.home, length)
      case UInt8(ascii: "F"): return (.end, length)
      case UInt8(ascii: "~"):
        switch first {
        case "1", "7": return (.home, length)
        case "4", "8": return (.end, length)
        case "5": return (.pageUp, length)
        case "6": return (.pageDown, length)
        default: return (.unknown, length)
        }
      default: return (.unknown, length)
      }
    case UInt8(ascii: "O"):
      // SS3: the arrows of terminals in application mode.
      guard bytes.count >= 3 else { return nil }
      switch bytes[start + 2] {
      case UInt8(ascii: "A"): return (.up, 3)
      case UInt8(ascii: "B"): return (.down, 3)
      case UInt8(ascii: "C"): return (.right, 3)
      case UInt8(ascii: "D"): return (.left, 3)
      case UInt8(ascii: "H"): return (.home, 3)
      case UInt8(ascii: "F"): return (.end, 3)
      default: return (.unknown, 3)
      }
    default:
      // Esc then another key (Alt held, or Esc pressed just before typing): the Esc alone.
      return (.escape, 1)
    }
  }

  /// One UTF-8 character; nil while it is incomplete.
  private static func character(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (.unknown, 1)
    }
    guard bytes.count >= length else {
      // Incomplete so far — unless a byte that cannot continue it is already here.
      let continuation = bytes.dropFirst()
      return continuation.allSatisfy({ $0 & 0xC0 == 0x80 }) ? nil : (.unknown, 1)
    }
    let encoded = bytes.prefix(length)
    guard encoded.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
      let text = String(validating: Array(encoded), as: UTF8.self), let scalar = text.unicodeScalars.first,
      scalar.properties.generalCategory != .control
    else { return (.unknown, 1) }
    return (.character(Character(scalar)), length)
  }
}
