import TrackerModels

/// A JSON value that keeps the order of object keys, so output order is ours to choose.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number as written: its text, so integers of any size and decimals survive unchanged.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Key-value pairs in order.
  case object([(String, JSONValue)])

  /// An integer number.
  public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

  /// The value of `key` in an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.0 == key }?.1
  }

  /// A short name of the value's kind, for messages: "a string", "an array", ….
  public var kind: String { kindName.description }

  /// The name of the value's kind as a message, so it can be translated.
  public var kindName: StoreMessage {
    switch self {
    case .null: return StoreMessage("json.kind.null", "null")
    case .bool: return StoreMessage("json.kind.bool", "true or false")
    case .number: return StoreMessage("json.kind.number", "a number")
    case .string: return StoreMessage("json.kind.string", "a string")
    case .array: return StoreMessage("json.kind.array", "an array")
    case .object: return StoreMessage("json.kind.object", "an object")
    }
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _): return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let text): hasher.combine(text)
    case .string(let text): hasher.combine(text)
    case .array(let values): hasher.combine(values)
    case .object(let pairs):
      for (key, value) in pairs {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }
}
