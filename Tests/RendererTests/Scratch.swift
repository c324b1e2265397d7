import Foundation
import Testing
@testable import TrackerTextRenderer

@Test func scratchRender() throws {
  let r = ScreenRenderer(device: .se)
  let f = r.field("", placeholder: "Поиск", showsClear: false, focused: false, icon: "🔍")
  print("FIELD", f.width, f.spans)
  var c = Canvas(width: 40)
  c.add(f)
  print("LINES", c.lines.count, c.lines)
}
