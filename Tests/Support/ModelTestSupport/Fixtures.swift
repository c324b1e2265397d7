import Foundation
import TrackerModels

/// Parses a day known to be valid in a test.
public func day(_ iso: String) -> Day {
  guard let parsed = try? Day(iso: iso) else { preconditionFailure("bad test day \(iso)") }
  return parsed
}

/// A fixed id for test item `number`: 00000000-0000-4000-8000-0000000000NN.
public func id(_ number: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
}
