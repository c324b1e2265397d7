import TrackerAutomation
import TrackerViewModels

extension ScreenRenderer {
  func onboarding(_ state: OnboardingViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.blank(6)
    canvas.wrapped(state.text, .title, align: .center, maxLines: 3, indent: 2)
    canvas.blank()
    canvas.wrapped(state.secondaryText, .secondary, align: .center, maxLines: 3, indent: 2)
    canvas.blank(2)
    let dots = (0..<state.pageCount).map {
      Span($0 == state.page ? "●" : "○", $0 == state.page ? .text : .secondary)
    }
    canvas.spans(Array(dots.map { [$0, Span(" ")] }.joined().dropLast()), align: .center)
    canvas.blank()
    canvas.spans(button(state.buttonTitle, anchor: .start))
    canvas.blank()
    return canvas.lines
  }

  func trackers(_ state: TrackersViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.add(trackersHeader(state, focused: focused))
    canvas.blank()
    if let placeholder = state.placeholder {
      canvas.add(self.placeholder(placeholder.kind == .noTrackers ? "⭐" : "🧐", placeholder.text))
    }
    for section in state.sections {
      // A category's header collapses it (issue 49): "▸ Home · 3 of 5 done" when collapsed.
      let anchor: ElementID? = section.isCollapsible ? .section(section.title) : nil
      if section.isCollapsed {
        canvas.text(
          "▸ " + section.title + (section.progressText.map { " · " + $0 } ?? ""), Style(.text, bold: true),
          indent: 1, anchor: anchor)
      } else {
        canvas.text(section.title, Style(.text, bold: true), indent: 1, anchor: anchor)
        canvas.add(grid(section.cards))
      }
      canvas.blank()
    }
    if state.isFilterButtonVisible {
      let title =
        state.activeFilterTitle.map { "\(state.filterButtonTitle): \($0)" } ?? state.filterButtonTitle
      let buttonWidth = min(width, max(30, TerminalWidth.of(title) + 8))
      canvas.spans(
        button(
          title, style: state.isFilterActive ? Style(.destructive) : .accent, width: buttonWidth,
          anchor: .filters),
        align: .center)
    }
    return canvas.lines
  }

  /// The navigation bar ("+", the date, the title) and the search field: what stays in place
  /// when a short terminal scrolls the list.
  func trackersHeader(_ state: TrackersViewModel.State, focused: InputField?) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.split(
      [Span("+", Style(.text, bold: true)).anchored(.add)],
      [Span("[ " + state.dateText + " ]", .text).anchored(.date)])
    canvas.text(state.title, Style(.text, bold: true))
    canvas.add(
      field(
        state.searchText, placeholder: state.searchPlaceholder, showsClear: !state.searchText.isEmpty,
        focused: focused == .search, icon: "🔍", anchor: .field(.search)))
    return canvas.lines
  }

  /// Cards two by two.
  private func grid(_ cards: [TrackersViewModel.Card]) -> [StyledLine] {
    let cardWidth = (width - 1) / 2
    let edges = CardEdges(width: cardWidth)
    var lines: [StyledLine] = []
    lines.reserveCapacity(cards.count * 3 + 6)
    for start in stride(from: 0, to: cards.count, by: 2) {
      var left = card(cards[start], edges)
      var right = start + 1 < cards.count ? card(cards[start + 1], edges) : []
      // A card with progress lines (issue 32) may be taller: the other of its row grows inside
      // its frame, so both bottoms and counters stay side by side.
      if !right.isEmpty, left.count != right.count {
        let height = max(left.count, right.count)
        left = grown(left, cards[start], edges, to: height)
        right = grown(right, cards[start + 1], edges, to: height)
      }
      for (index, line) in left.enumerated() {
        var row = line
        if index < right.count {
          row.append(" ")
          row.spans += right[index].spans
        }
        lines.append(row)
      }
    }
    return lines
  }

  /// `lines` of `card` with empty framed lines before the frame's bottom, up to `height` lines.
  private func grown(
    _ lines: [StyledLine], _ card: TrackersViewModel.Card, _ edges: CardEdges, to height: Int
  ) -> [StyledLine] {
    guard lines.count < height, lines.count >= 2 else { return lines }
    let frame = Style(.text, color: card.color)
    let inner = edges.width - 4
    let empty = StyledLine([
      Span("│ ", frame, width: 2), Span(edges.spaces[inner], .text, width: inner),
      Span(" │", frame, width: 2),
    ])
    var grown = lines
    grown.insert(contentsOf: Array(repeating: empty, count: height - lines.count), at: lines.count - 2)
    return grown
  }

  /// One card at the grid's card width, centered: the card a context menu belongs to.
  func liftedCard(_ card: TrackersViewModel.Card) -> [StyledLine] {
    let cardWidth = (width - 1) / 2
    let indent = String(repeating: " ", count: (width - cardWidth) / 2)
    return self.card(card, CardEdges(width: cardWidth)).map { StyledLine([Span(indent)] + $0.spans) }
  }

  /// The strings every card of one width shares, made once per grid.
  private struct CardEdges {
    let width: Int
    let top: String
    let bottom: String
    /// Runs of spaces by length, for padding.
    let spaces: [String]

    init(width: Int) {
      self.width = width
      top = "╭" + String(repeating: "─", count: width - 2) + "╮"
      bottom = "╰" + String(repeating: "─", count: width - 2) + "╯"
      spaces = (0...width).map { String(repeating: " ", count: $0) }
    }
  }

  /// One card: the colored part with emoji and name, then the counter and the button.
  private func card(_ card: TrackersViewModel.Card, _ edges: CardEdges) -> [StyledLine] {
    guard let cache else { return drawCard(card, edges) }
    return cache.card(card, width: edges.width) { drawCard(card, edges) }
  }

  private func drawCard(_ card: TrackersViewModel.Card, _ edges: CardEdges) -> [StyledLine] {
    let width = edges.width
    let frame = Style(.text, color: card.color)
    let inner = width - 4
    func framed(_ content: [Span]) -> StyledLine {
      let fitted = StyledLine(content).fitted(to: inner)
      var line = StyledLine([Span("│ ", frame, width: 2)])
      line.spans.reserveCapacity(fitted.spans.count + 3)
      line.spans += fitted.spans
      let padding = max(0, inner - fitted.width)
      line.spans.append(Span(edges.spaces[padding], .text, width: padding))
      line.spans.append(Span(" │", frame, width: 2))
      return line
    }
    var lines = [StyledLine([Span(edges.top, frame, width: width)])]
    lines.reserveCapacity(7)
    let emoji = TextFitting.safe(card.emoji)
    lines.append(
      StyledLine(
        Canvas.split(
          [Span(emoji)],
          (card.streakText.map { [Span($0, Style(.text, bold: true))] } ?? [])
            + (card.isPinned ? [Span(card.streakText == nil ? "📌" : " 📌")] : []),
          width: inner
        ).spans
      )
      .framedWith(framed))
    var name = TextFitting.wrap(TextFitting.safe(card.name), to: inner, maxLines: 2)
    // Issue 32: a measurable card's amount and a quota card's progress under the name, in the
    // name's second line when it has one only; a card with more is taller.
    // Up to four lines each: a period target's "32000 / 50000 шагов на этой неделе" is whole in
    // a 40-column card, even with the largest amounts and a 12-character unit.
    let progress = [card.amountText, card.quotaText].compactMap { $0 }.flatMap {
      TextFitting.wrap(TextFitting.safe($0), to: inner, maxLines: 4)
    }
    while name.count + progress.count < 2 { name.append("") }
    for line in name { lines.append(framed([Span(line).anchored(.card(card.name))])) }
    for line in progress { lines.append(framed([Span(line, .secondary)])) }
    lines.append(StyledLine([Span(edges.bottom, frame, width: width)]))
    // A day off shows "–": not done, not missed (tapping it completes the day).
    // A quota habit's met period shows ✓ on every day of it (a tap still adds the day).
    let mark = card.isCompleted || card.isPeriodMet ? "✓" : card.isDayOff ? "–" : "+"
    let button: Span =
      card.isCompleteEnabled
      ? Span("[" + mark + "]", Style(.text, bold: true, color: card.isDayOff ? nil : card.color))
      : Span("(" + mark + ")", .disabled)
    lines.append(
      Canvas.split([Span(" " + card.dayCounter)], [button.anchored(.complete(card.name))], width: width))
    return lines
  }

  func statistics(_ state: StatisticsViewModel.State) -> [StyledLine] {
    var canvas = Canvas(width: width)
    canvas.blank()
    canvas.text(state.title, Style(.text, bold: true))
    canvas.blank()
    // The category picker (issue 49): its choices on as many lines as they need, the chosen one
    // marked.
    if !state.scopes.isEmpty {
      var line: [Span] = []
      var used = 0
      for scope in state.scopes {
        let text = (scope.isChosen ? "● " : "○ ") + TextFitting.safe(scope.title)
        let span = Span(text, scope.isChosen ? .accent : .text).anchored(
          .scope(scope.id == nil ? nil : scope.title))
        let needed = TerminalWidth.of(text) + (line.isEmpty ? 0 : 2)
        if !line.isEmpty, used + needed > width {
          canvas.spans(line)
          (line, used) = ([], 0)
        }
        line += line.isEmpty ? [span] : [Span("  "), span]
        used += line.count == 1 ? TerminalWidth.of(text) : needed
      }
      canvas.spans(line)
      canvas.blank()
    }
    if let placeholder = state.placeholder {
      canvas.add(self.placeholder("😢", placeholder))
      canvas.blank(3)
    }
    for card in state.cards {
      canvas.box(
        [[StyledLine(card.value, Style(.text, bold: true)), StyledLine(card.label)]], border: .accent)
    }
    canvas.blank()
    return canvas.lines
  }
}

extension StyledLine {
  /// The line passed through `frame` (which boxes content for a card).
  fileprivate func framedWith(_ frame: ([Span]) -> StyledLine) -> StyledLine { frame(spans) }
}
