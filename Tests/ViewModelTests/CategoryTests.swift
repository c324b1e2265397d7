import FlowTestSupport
import Foundation
import ModelTestSupport
import Testing
import TrackerAutomation
import TrackerLocalization
import TrackerModels
import TrackerPreviewSupport

@testable import TrackerViewModels

/// Seed, editing and deleting categories while creating a tracker: algorithm 1 with every
/// sub-point.
@MainActor
@Suite("Category list: edit and delete", .temporaryFolders)
struct CategoryTests {
  /// The demo, in a habit form, on the category list.
  func openList(_ world: TestWorld, _ language: Language = .ru) async throws -> AppFlow {
    let flow = await AppFlow.launch(environment: world.environment(language))
    await flow.settled()
    try await flow.tapAndSettle("add")
    try await flow.tapAndSettle("habit")
    try await flow.tapAndSettle("category")
    return flow
  }

  func list(_ flow: AppFlow) -> CategoryListViewModel.State? {
    if case .categories(let state)? = flow.view.presented.last { return state }
    return nil
  }

  @Test func category1_aLongPressOpensEditAndDelete() async throws {
    let flow = try await openList(try TestWorld.demo())
    let home = DemoData(today: day("2026-11-30")).categories[0]
    try await flow.performAndSettle(.longPress(.label("Домашний уют")))
    #expect(
      flow.elements == [
        Element(
          identifier: .edit, label: "Редактировать", action: .tracker(.editCategory(home.id)),
          spokenLabel: "Редактировать: Домашний уют"),
        Element(
          identifier: .delete, label: "Удалить", action: .tracker(.deleteCategory(home.id)),
          spokenLabel: "Удалить: Домашний уют"),
      ])
    try await flow.performAndSettle(.dismiss)
    #expect(
      flow.elements.map(\.id) == [
        "category:Домашний уют", "category:Радостные мелочи", "add-category",
      ])
  }

  @Test func category1i_editingATitleReturnsToTheListWithTheNewTitle() async throws {
    let world = try TestWorld.demo()
    let flow = try await openList(world)
    try await flow.performAndSettle(.longPress(.identifier("category:Домашний уют")))
    try await flow.tapAndSettle("edit")
    guard case .categoryForm(let form)? = flow.view.presented.last else {
      Issue.record("no form")
      return
    }
    #expect(
      form
        == .init(
          title: "Редактирование категории", text: "Домашний уют", placeholder: "Введите название категории",
          error: nil,
          doneTitle: "Готово", isDoneEnabled: true))
    try await flow.tapAndSettle("title")
    try await flow.performAndSettle(.clear)
    try await flow.performAndSettle(.type("Дом"))
    try await flow.tapAndSettle("done")
    #expect(flow.screen == .categories)
    #expect(list(flow)?.rows.map(\.title) == ["Дом", "Радостные мелочи"])
  }

  @Test func category1ii_a_deletingAsksHowManyTrackersGoAndThenDeletesThem() async throws {
    let world = try TestWorld.demo()
    let flow = try await openList(world)
    try await flow.performAndSettle(.longPress(.identifier("category:Радостные мелочи")))
    try await flow.tapAndSettle("delete")
    let joys = DemoData(today: day("2026-11-30")).categories[1]
    #expect(
      list(flow)?.deleteConfirmation
        == .init(
          categoryID: joys.id, question: "Эта категория точно не нужна?",
          detail: "Вместе с ней будут удалены 3 трекера", confirmTitle: "Удалить", cancelTitle: "Отменить"))
    try await flow.tapAndSettle("confirm")
    // ii.c: back on the list.
    #expect(flow.screen == .categories)
    #expect(list(flow)?.rows.map(\.title) == ["Домашний уют"])
    #expect(list(flow)?.deleteConfirmation == nil)
    #expect(try world.store.trackers().map(\.tracker.name).sorted() == ["Зарядка", "Поливать растения"])
    // The main screen under the sheets no longer shows them.
    guard case .trackers(let main) = flow.view.base else {
      Issue.record("not on main")
      return
    }
    #expect(main.sections.map(\.title) == ["Закрепленные", "Домашний уют"])
  }

  @Test func category1ii_b_cancellingKeepsEverything() async throws {
    let world = try TestWorld.demo(.english)
    let before = try world.store.contents()
    let flow = try await openList(world, .en)
    try await flow.performAndSettle(.longPress(.identifier("category:Little joys")))
    try await flow.tapAndSettle("delete")
    #expect(list(flow)?.deleteConfirmation?.detail == "3 trackers will be deleted with it")
    try await flow.performAndSettle(.tap(.label("Cancel")))
    #expect(flow.screen == .categories && list(flow)?.deleteConfirmation == nil)
    #expect(try world.store.contents() == before)
  }

  @Test func deletingAnEmptyCategorySaysNothingAboutTrackers() async throws {
    let world = try TestWorld.demo()
    try world.store.createCategory(TrackerCategory(id: id(50), title: "Пусто"))
    let model = CategoryListViewModel(environment: world.environment(.ru), checked: nil)
    await model.settled()
    model.deleteTapped(id(50))
    await model.settled()
    #expect(model.state.deleteConfirmation?.detail == nil)
    model.deleteConfirmed()
    await model.settled()
    #expect(model.state.rows.map(\.title) == ["Домашний уют", "Радостные мелочи"])
  }

  @Test func deletingTheFormsCategoryClearsItInTheForm() async throws {
    let world = try TestWorld.demo()
    let flow = try await openList(world)
    try await flow.tapAndSettle("category:Радостные мелочи")
    #expect(formState(flow)?.categoryValue == "Радостные мелочи")
    try await flow.tapAndSettle("category")
    try await flow.performAndSettle(.longPress(.identifier("category:Радостные мелочи")))
    try await flow.tapAndSettle("delete")
    try await flow.tapAndSettle("confirm")
    try await flow.performAndSettle(.dismiss)
    #expect(flow.screen == .trackerForm)
    #expect(formState(flow)?.categoryValue == nil)
  }

  @Test func duplicateCategoryTitlesAreRefusedInTheForm() async throws {
    let world = try TestWorld.demo()
    let flow = try await openList(world)
    try await flow.tapAndSettle("add-category")
    try await flow.tapAndSettle("title")
    try await flow.performAndSettle(.type("радостные МЕЛОЧИ"))
    let done = try flow.find(.identifier("done"))
    #expect(!done.isEnabled)
    guard case .categoryForm(let form)? = flow.view.presented.last else {
      Issue.record("no form")
      return
    }
    #expect(form.error == "Категория с таким названием уже есть")
  }

  @Test func categoryTitlesAreSortedByTheLanguagesCollation() async throws {
    let world = TestWorld()
    for (number, title) in [(1, "яблоки"), (2, "Ёлка"), (3, "Еда"), (4, "арбуз")] {
      try world.store.createCategory(TrackerCategory(id: id(number), title: title))
    }
    let model = CategoryListViewModel(environment: world.environment(.ru), checked: nil)
    await model.settled()
    #expect(model.state.rows.map(\.title) == ["арбуз", "Еда", "Ёлка", "яблоки"])
  }
}
