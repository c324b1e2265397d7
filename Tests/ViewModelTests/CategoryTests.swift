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
  func openList(_ world: TestWorld, _ language: Language = .ru) throws -> AppFlow {
    let flow = AppFlow(environment: world.environment(language))
    try flow.tap("add")
    try flow.tap("habit")
    try flow.tap("category")
    return flow
  }

  func list(_ flow: AppFlow) -> CategoryListViewModel.State? {
    if case .categories(let state)? = flow.view.presented.last { return state }
    return nil
  }

  @Test func category1_aLongPressOpensEditAndDelete() throws {
    let flow = try openList(try TestWorld.demo())
    let home = DemoData(today: day("2026-11-30")).categories[0]
    try flow.perform(.longPress(.label("Домашний уют")))
    #expect(
      flow.elements == [
        Element(
          identifier: .edit, label: "Редактировать", action: .tracker(.editCategory(home.id)),
          spokenLabel: "Редактировать: Домашний уют"),
        Element(
          identifier: .delete, label: "Удалить", action: .tracker(.deleteCategory(home.id)),
          spokenLabel: "Удалить: Домашний уют"),
      ])
    try flow.perform(.dismiss)
    #expect(
      flow.elements.map(\.id) == [
        "category:Домашний уют", "category:Радостные мелочи", "add-category",
      ])
  }

  @Test func category1i_editingATitleReturnsToTheListWithTheNewTitle() throws {
    let world = try TestWorld.demo()
    let flow = try openList(world)
    try flow.perform(.longPress(.identifier("category:Домашний уют")))
    try flow.tap("edit")
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
    try flow.tap("title")
    try flow.perform(.clear)
    try flow.perform(.type("Дом"))
    try flow.tap("done")
    #expect(flow.screen == .categories)
    #expect(list(flow)?.rows.map(\.title) == ["Дом", "Радостные мелочи"])
  }

  @Test func category1ii_a_deletingAsksHowManyTrackersGoAndThenDeletesThem() throws {
    let world = try TestWorld.demo()
    let flow = try openList(world)
    try flow.perform(.longPress(.identifier("category:Радостные мелочи")))
    try flow.tap("delete")
    let joys = DemoData(today: day("2026-11-30")).categories[1]
    #expect(
      list(flow)?.deleteConfirmation
        == .init(
          categoryID: joys.id, question: "Эта категория точно не нужна?",
          detail: "Вместе с ней будут удалены 3 трекера", confirmTitle: "Удалить", cancelTitle: "Отменить"))
    try flow.tap("confirm")
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

  @Test func category1ii_b_cancellingKeepsEverything() throws {
    let world = try TestWorld.demo(.english)
    let before = try world.store.contents()
    let flow = try openList(world, .en)
    try flow.perform(.longPress(.identifier("category:Little joys")))
    try flow.tap("delete")
    #expect(list(flow)?.deleteConfirmation?.detail == "3 trackers will be deleted with it")
    try flow.perform(.tap(.label("Cancel")))
    #expect(flow.screen == .categories && list(flow)?.deleteConfirmation == nil)
    #expect(try world.store.contents() == before)
  }

  @Test func deletingAnEmptyCategorySaysNothingAboutTrackers() throws {
    let world = try TestWorld.demo()
    try world.store.createCategory(TrackerCategory(id: id(50), title: "Пусто"))
    let model = CategoryListViewModel(environment: world.environment(.ru), checked: nil)
    model.deleteTapped(id(50))
    #expect(model.state.deleteConfirmation?.detail == nil)
    model.deleteConfirmed()
    #expect(model.state.rows.map(\.title) == ["Домашний уют", "Радостные мелочи"])
  }

  @Test func deletingTheFormsCategoryClearsItInTheForm() throws {
    let world = try TestWorld.demo()
    let flow = try openList(world)
    try flow.tap("category:Радостные мелочи")
    #expect(formState(flow)?.categoryValue == "Радостные мелочи")
    try flow.tap("category")
    try flow.perform(.longPress(.identifier("category:Радостные мелочи")))
    try flow.tap("delete")
    try flow.tap("confirm")
    try flow.perform(.dismiss)
    #expect(flow.screen == .trackerForm)
    #expect(formState(flow)?.categoryValue == nil)
  }

  @Test func duplicateCategoryTitlesAreRefusedInTheForm() throws {
    let world = try TestWorld.demo()
    let flow = try openList(world)
    try flow.tap("add-category")
    try flow.tap("title")
    try flow.perform(.type("радостные МЕЛОЧИ"))
    let done = try flow.find(.identifier("done"))
    #expect(!done.isEnabled)
    guard case .categoryForm(let form)? = flow.view.presented.last else {
      Issue.record("no form")
      return
    }
    #expect(form.error == "Категория с таким названием уже есть")
  }

  @Test func categoryTitlesAreSortedByTheLanguagesCollation() throws {
    let world = TestWorld()
    for (number, title) in [(1, "яблоки"), (2, "Ёлка"), (3, "Еда"), (4, "арбуз")] {
      try world.store.createCategory(TrackerCategory(id: id(number), title: title))
    }
    let model = CategoryListViewModel(environment: world.environment(.ru), checked: nil)
    #expect(model.state.rows.map(\.title) == ["арбуз", "Еда", "Ёлка", "яблоки"])
  }
}
