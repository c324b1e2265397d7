import Foundation
import TrackerModels

/// A reproducible large history: `trackerCount` trackers (three habits in four, with random
/// schedules; the rest events), each completed on about 98% of the days of `years` years up to
/// `today`, records sorted by day.
struct SeededHistory {
  let categories: [TrackerCategory]
  let trackers: [Tracker]
  let records: [TrackerRecord]

  /// A history of every part given.
  init(categories: [TrackerCategory], trackers: [Tracker], records: [TrackerRecord]) {
    self.categories = categories
    self.trackers = trackers
    self.records = records
  }

  init(trackerCount: Int, years: Int, today: Day, seed: UInt64) {

    self.init(trackerCount: trackerCount, days: years * 365, today: today, seed: seed)
  }

  init(trackerCount: Int, days dayCount: Int, today: Day, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let category = TrackerCategory(id: random.uuid(), title: "Benchmark")
    let first = today.adding(days: -(dayCount - 1))
    var trackers: [Tracker] = []
    for number in 0..<trackerCount {
      let kind: TrackerKind
      if number % 4 == 3 {
        kind = .event
      } else {
        kind = .habit(Schedule(WeekdaySet(rawValue: UInt8(random.next() % 127) + 1)) ?? .everyDay)
      }
      trackers.append(
        Tracker(
          id: random.uuid(), name: "Tracker \(number + 1)",
          emoji: TrackerEmoji.all[number % TrackerEmoji.all.count],
          color: TrackerColor.palette[number % TrackerColor.palette.count],
          categoryID: category.id, createdOn: first, kind: kind))
    }
    var records: [TrackerRecord] = []
    records.reserveCapacity(trackerCount * dayCount)
    for offset in 0..<dayCount {
      let day = first.adding(days: offset)
      for tracker in trackers where random.next() % 50 != 0 {
        records.append(TrackerRecord(trackerID: tracker.id, day: day))
      }
    }
    self.categories = [category]
    self.trackers = trackers
    self.records = records
  }
}

/// SplitMix64: a tiny, well-mixed, seedable generator, so every run builds the same history.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func uuid() -> UUID {
    let high = next()
    let low = next()
    var bytes =
      (0..<8).map { UInt8(truncatingIfNeeded: high >> ($0 * 8)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low >> ($0 * 8)) }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
