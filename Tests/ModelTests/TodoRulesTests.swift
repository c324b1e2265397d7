import Foundation
import Testing
import TodoModels
import TrackerModels

/// Seed 003 and docs/rules.md "To do list": a task's fields and the list's order.
@Suite("To-do rules")
struct TodoRulesTests {
  @Test func aTitleMayBeEmptyButNotLongerThanAHundredCharacters() {
    #expect(TodoRules.validatedTitle("  Купить хлеб ") == .success("Купить хлеб"))
    #expect(TodoRules.validatedTitle("") == .success(""))
    #expect(
      TodoRules.validatedTitle(String(repeating: "я", count: 100))
        == .success(String(repeating: "я", count: 100)))
    #expect(
      TodoRules.validatedTitle(String(repeating: "🏃🏽", count: 101))
        == .failure(.tooLong(count: 101, limit: 100)))
    #expect(TodoRules.validatedTitle("two\nlines") == .failure(.forbiddenCharacter("\n")))
    #expect(TodoRules.validatedTitle("evil\u{202E}") == .failure(.forbiddenCharacter("\u{202E}")))
  }

  @Test func aTextIsNotBlankKeepsItsLineBreaksAndStopsAtTwoThousand() {
    #expect(TodoRules.validatedText(" \n\t ") == .failure(.emptyText))
    #expect(TodoRules.validatedText("line one\r\nline two\n") == .success("line one\nline two"))
    #expect(TodoRules.validatedText(String(repeating: "a", count: 2_000)).map(\.count) == .success(2_000))
    #expect(
      TodoRules.validatedText(String(repeating: "a", count: 2_001))
        == .failure(.tooLong(count: 2_001, limit: 2_000)))
    #expect(TodoRules.validatedText("tab\tinside") == .failure(.forbiddenCharacter("\t")))
    #expect(TodoRules.validatedText("bell\u{7}") == .failure(.forbiddenCharacter("\u{7}")))
  }

  @Test func theListIsNewestFirstAndALoadedPageKeepsTheServersOrder() {
    let earlier = Date(timeIntervalSince1970: 1_000)
    let later = Date(timeIntervalSince1970: 2_000)
    func task(_ number: Int, _ created: Date, remote: Int? = nil) -> TodoTask {
      TodoTask(
        id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!, title: "",
        text: "\(number)",
        isDone: false, created: created, remoteID: remote)
    }
    let tasks = [
      task(1, earlier, remote: 2), task(2, earlier, remote: 1), task(3, later), task(4, earlier, remote: 3),
    ]
    #expect(tasks.sorted(by: TodoTask.newestFirst).map(\.text) == ["3", "2", "1", "4"])
  }
}
