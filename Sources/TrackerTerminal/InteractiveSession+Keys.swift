import TrackerAutomation
import TrackerLocalization
import TrackerTextRenderer
import TrackerViewModels

extension InteractiveSession {
  // MARK: Keys

  /// `handle(key)`, then the store work the key started and the state it leads to, awaited: a
  /// key as the terminal meets it when the answer comes in time (`settle`), with no deadline —
  /// what a test presses.
  @discardableResult
  public func press(_ key: Key) async -> Outcome {
    let outcome = handle(key)
    await app.settled()
    return outcome
  }

  /// Does what `key` means on the screen as it is.
  public func handle(_ key: Key) -> Outcome {
    needsRedraw = true
    message = nil
    // A key came: a choice read later no longer moves the focus.
    choiceAwaited = nil
    pagedSinceFocus = [.pageUp, .pageDown, .home, .end].contains(key)
    if key == .control("c") { return .quit }
    if isShowingKeys { return keyMapKey(key) }
    let elements = self.elements
    let focused = focusedElement(in: elements)
    if isEditing, let field = focused, field.kind == .textField {
      if editField(field, key) { return .keepGoing }
    }
    let localizer = Localizer(language)
    switch key {
    case .tab: moveFocus(by: 1, in: elements)
    case .backTab: moveFocus(by: -1, in: elements)
    case .down, .up:
      if !moveInGrid(key, from: focused, in: elements) { moveFocus(by: key == .down ? 1 : -1, in: elements) }
    case .enter, .character(" "):
      guard let focused else { break }
      if focused.kind == .textField {
        startEditing(focused)
      } else if !focused.isEnabled {
        // A disabled element says why ("Thu 3 Dec: a day to come, cannot be marked"), else that
        // it is not available.
        message =
          named(focused).unavailableReason == nil
          ? localizer.text(.appRefusedDisabled(spokenLabel(focused, in: elements)))
          : spokenLabel(focused, in: elements)
      } else {
        send(focused.action)
        // After ✕ empties a field, the field, ready for typing (issue 49): what comes next is
        // typed where it belongs.
        if case .clear(let input) = focused.identifier {
          let now = self.elements
          if let field = now.first(where: { $0.identifier == .field(input) }) {
            focus(field, in: now)
            startEditing(field)
          }
        }
      }
    case .character("m"):
      guard let focused else { break }
      if focused.longPressAction == nil {
        message = localizer.text(.appRefusedNoMenu(spokenLabel(focused, in: elements)))
      } else {
        send(focused.longPressAction)
      }
    case .character("["), .character("]"):
      // The focused card up or down its section (issue 49): its menu's Move up or Move down.
      guard let focused else { break }
      moveCard(focused, up: key == .character("["), in: elements, localizer)
    case .left, .right:
      if moveInGrid(key, from: focused, in: elements) {
        break
      } else if app.screenName == ScreenName.onboarding.rawValue {
        // → shows the next page, as a finger swiping the page to the left does; ← the one before.
        act(.swipe(key == .right ? .left : .right))
      } else if let focused, key == .left, focused.swipeLeftAction != nil {
        send(focused.swipeLeftAction)
      } else if let focused {
        message = localizer.text(
          .appRefusedArrow(arrow: key == .left ? "←" : "→", label: spokenLabel(focused, in: elements)))
      }
    case .escape:
      // Closes the sheet, menu, question or alert, or goes back; on a screen with nothing over it
      // there is nothing to close, which is no error.
      if isEditing {
        isEditing = false
      } else {
        do { try app.perform(.dismiss) } catch {}
      }
    case .character("/"):
      if let search = elements.first(where: { $0.identifier == .field(.search) }) {
        focus(search, in: elements)
        startEditing(search)
      }
    case .character("?"):
      isShowingKeys = true
      keyMapScroll = 0
    case .character("q"):
      // A form holding what was typed asks first, as Esc does (issue 49); q again, once it is
      // answered, quits. Over it (its category list, its schedule), q goes back to it first and
      // it asks. A form saving now is quitting's own wait (`AppCommand.mayQuit`).
      guard var over = app.screensOverChangesToLose, !app.isSaving else { return .quit }
      while over > 0 {
        act(.dismiss)
        guard let left = app.screensOverChangesToLose, left < over else { break }
        over = left
      }
      if over == 0 { act(.dismiss) }
    case .pageUp: scroll -= max(1, bodyHeight - 1)
    case .pageDown: scroll += max(1, bodyHeight - 1)
    case .home: scroll = 0
    case .end: scroll = 1 << 40  // past any screen; the next frame brings it to the last page
    case .character, .backspace, .control, .unknown: break
    }
    return .keepGoing
  }

  /// Moves the card `focused` stands for (its body or its button) up or down its section, as its
  /// menu's Move up and Move down do; says why when it cannot (not a card, or first or last).
  func moveCard(_ focused: Element, up: Bool, in elements: [Element], _ localizer: Localizer) {
    let label = spokenLabel(focused, in: elements)
    guard case .card = focused.identifier, let menu = focused.longPressAction else {
      message = localizer.text(.appRefusedNotACard(label))
      return
    }
    send(menu)
    guard let move = action(ofMenuElement: up ? .moveUp : .moveDown) else {
      do { try app.perform(.dismiss) } catch {}
      message = localizer.text(up ? .appRefusedFirst(label) : .appRefusedLast(label))
      return
    }
    // The menu's Move closes the menu as it moves the card.
    send(move)
  }

  /// The action of the element `identifier` of the menu just opened, if it has one.
  private func action(ofMenuElement identifier: ElementID) -> ElementAction? {
    elementsCache = nil
    return self.elements.first { $0.identifier == identifier }?.action
  }

  /// A key while the key map is shown: the arrows and the page keys scroll it, q quits, any other
  /// key closes it.
  func keyMapKey(_ key: Key) -> Outcome {
    let page = max(1, rows - 2)
    switch key {
    case .down: keyMapScroll += 1
    case .up: keyMapScroll -= 1
    case .pageDown: keyMapScroll += page
    case .pageUp: keyMapScroll -= page
    case .home: keyMapScroll = 0
    case .end: keyMapScroll = 1 << 20  // the next frame brings it to the last page
    case .character("q"): return .quit
    case .character, .enter, .tab, .backTab, .backspace, .escape, .left, .right, .control, .unknown:
      isShowingKeys = false
    }
    keyMapScroll = max(0, keyMapScroll)
    return .keepGoing
  }

  /// A key typed into the focused field; false when it is not for the field.
  func editField(_ field: Element, _ key: Key) -> Bool {
    // The app's own focus follows ours before anything is typed (a tap on a field focuses it).
    let focusesField = { [self] in focusApp(on: field) }
    // The to-do text and a note keep line breaks; Enter in any other field is done with it.
    let keepsLineBreaks = field.identifier == .field(.text) || field.identifier == .field(.noteText)
    switch key {
    case .character, .backspace, .control("u"): focusesField()
    case .enter where keepsLineBreaks: focusesField()
    case .enter, .tab, .backTab, .escape, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end,
      .control, .unknown:
      break
    }
    guard message == nil else { return true }
    switch key {
    case .character(let character):
      // A selected text (the amount the sheet opened with) is replaced by the first key.
      if case .field(let input) = field.identifier, app.selectedTextField == input { act(.clear) }
      act(.type(String(character)))
    case .backspace: act(.deleteBackward)
    case .control("u"): act(.clear)
    case .enter:
      // A line break, in the field itself (never the field the app focused before); any other
      // field is done and the next element is focused.
      if keepsLineBreaks {
        act(.type("\n"))
      } else {
        // The next element, past the field's own clear button: Enter never clears what was typed.
        isEditing = false
        moveFocus(by: 1, in: elements)
        if case .field(let input) = field.identifier, focusedID == .clear(input) {
          moveFocus(by: 1, in: elements)
        }
      }
    case .escape: isEditing = false
    case .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .control, .unknown:
      return false
    }
    return true
  }

  func act(_ action: UserAction) {
    do {
      try app.perform(action)
    } catch {
      message = error.message
    }
  }

  /// Sends the focused element's own action to the app (nil: its gesture does nothing).
  func send(_ action: ElementAction?) {
    guard let action else { return }
    do {
      try app.send(action)
    } catch {
      message = error.message
    }
  }

  /// The app's own focus follows ours onto `field` (a tap on a field focuses it).
  func focusApp(on field: Element) {
    if let focused = app.shown.focusedField, field.identifier == .field(focused) { return }
    send(field.action)
  }

  /// Keys go into `field` from now on, and the app shows its caret there.
  func startEditing(_ field: Element) {
    focusApp(on: field)
    isEditing = message == nil
  }
}
