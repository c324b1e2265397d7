import Foundation
import Testing

@testable import tracker_preview

/// Writing everything to a descriptor another program made non-blocking (a terminal or a pipe
/// shared with it, `O_NONBLOCK` on the open file they share).
@Suite("Writing whole")
struct DescriptorWriteTests {
  /// A reader that falls behind: the descriptor takes no more for a moment (EAGAIN), and the
  /// write waits until it does, as a blocking write would, instead of giving up half way (the
  /// attack of 2026-12-07: the app stopped inside a frame and left the terminal on the
  /// alternate screen, exiting 0).
  @Test func aNonBlockingDescriptorThatIsFullForAMomentGetsEverything() async throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    try #require(fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK) == 0)
    // Four times what a pipe holds (64 KiB), so the write meets a full pipe.
    let sent = Data((0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let received = Task.detached { () -> Data in
      // Behind for a moment, then everything to the end.
      usleep(200_000)
      var data = Data()
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(readEnd, &buffer, buffer.count)
        if count <= 0 { return data }
        data.append(contentsOf: buffer[0..<count])
      }
    }
    #expect(Descriptor.writeAll(writeEnd, sent) == 0)
    close(writeEnd)
    #expect(await received.value == sent)
  }

}
