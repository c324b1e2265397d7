import Foundation
import Testing
import TrackerModels

/// Ids sort by `textOrder` exactly as by their text (`uuidString`), which exports, the stores'
/// orders and the demo were written in: random ids, ids differing in one byte only (each byte in
/// turn, each digit across the letters), and equal ids.
@Suite("Ids in the order of their text")
struct UUIDOrderTests {
  @Test func randomIdsSortAsTheirTextDoes() {
    let ids = (0..<2000).map { _ in UUID() }
    #expect(ids.sorted { $0.textOrder < $1.textOrder } == ids.sorted { $0.uuidString < $1.uuidString })
  }

  @Test(arguments: 0..<16)
  func idsDifferingInOneByteSortAsTheirTextDoes(byte: Int) {
    let base = UUID()
    let ids = [0x00, 0x09, 0x0A, 0x0F, 0x10, 0x90, 0x9F, 0xA0, 0xAF, 0xF0, 0xFF].map { value -> UUID in
      var bytes = base.uuid
      withUnsafeMutableBytes(of: &bytes) { $0[byte] = UInt8(value) }
      return UUID(uuid: bytes)
    }.shuffled()
    #expect(ids.sorted { $0.textOrder < $1.textOrder } == ids.sorted { $0.uuidString < $1.uuidString })
    for id in ids { #expect(!(id.textOrder < id.textOrder) && id.textOrder == id.textOrder) }
  }
}
