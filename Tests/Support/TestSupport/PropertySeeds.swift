import Foundation

/// The seeds of a property test: `count` of them in `swift test`, `count` times
/// `TRACKER_PROPERTY_SCALE` when that is set to a whole number of 1 or more, for a deeper run of
/// the same tests (`TRACKER_PROPERTY_SCALE=10 swift test --filter StatisticsSummaryTests`).
///
/// Decision (issue 31, point 7): `swift test` stays within minutes on a 2-core machine; a test
/// whose cases cost a lot each runs fewer of them there and as many as wanted on demand.
public func propertySeeds(_ count: Int) -> Range<Int> {
  let scale = ProcessInfo.processInfo.environment["TRACKER_PROPERTY_SCALE"].flatMap(Int.init) ?? 1
  return 0..<(count * max(scale, 1))
}
