import Foundation
import TrackerLocalization
import TrackerModels
import TrackerViewModels

/// `add NAME [--category C] [--every mon,wed | --every day | --times N --per week|month |
/// --times N --in Y | --event] [--measure UNIT --at-least X | --at-most X [--per week|month]]
/// [--emoji E] [--color N]`: a tracker made as the form
/// makes it (issue 49), with the form's rules and its words: a name the form refuses is refused
/// with the sentence the form shows under the field, a unit or target likewise.
///
/// What the form asks the person to choose, the command line chooses when it is not given: the
/// emoji and the color default to the form's first, the category to the only one there is. The
/// schedule has no default (a habit due every day and an event are different things to want),
/// and a category named that does not exist is made, as the form's list makes one, in the same
/// transaction as the tracker: a refusal leaves neither.
@MainActor
enum AddCommand {
  static func run(_ name: String, _ invocation: Invocation, _ given: Settings, _ context: ToolContext)
    -> Outcome
  {
    let options = invocation.options
    let localizer = Localizer(given.language)
    func usage(_ message: String) -> Outcome { .usage(UsageError(message: message, command: "add")) }
    // What the command line says, judged before the file is opened.
    let kind: TrackerKind
    switch schedule(options) {
    case .success(let read): kind = read
    case .failure(let error): return usage(error.message)
    }
    let measure: TrackerMeasure
    switch self.measure(options, localizer) {
    case .success(let read): measure = read
    case .failure(.usage(let message)): return usage(message)
    case .failure(.refused(let message)): return .failure(message)
    }
    // A window on a measurable tracker, a week's target with a quota or on an event: refused with
    // the words the app's alert says.
    if let conflict = Tracker.paceConflict(kind: kind, measure: measure) {
      return .failure(DisplayText.paceConflict(conflict, localizer))
    }
    let emoji = options.emoji.map(NameRules.trimmed) ?? TrackerEmoji.all[0]
    guard TrackerEmoji.all.contains(emoji) else {
      return .failure(
        Messages.text(.cliAddBadEmoji(TerminalSafe.text(emoji), TrackerEmoji.all.joined(separator: " "))))
    }
    let place: Int
    switch options.trackerColor ?? .success(1) {
    case .success(let read): place = read
    case .failure(let error): return usage(error.message)
    }
    // Empty as a typed title is: blank, or joiners and variation selectors alone.
    if let title = options.category, NameRules.isBlankAsTyped(title) {
      return usage(Messages.text(.cliAddEmptyCategory))
    }
    // A data file not there yet is judged empty first: a refusal leaves no new file behind.
    if !options.demo, !StoreOpening.exists(StoreOpening.trackerPath(invocation, context)),
      case .failure(let refusal) = judge(name, options.category, trackers: [], categories: [], localizer)
    {
      return refusal
    }
    var outcome = Outcome()
    guard
      let (store, settings) = StoreOpening.openForToday(
        invocation, given, context, createsFile: true, outcome: &outcome)
    else {
      return outcome
    }
    do {
      let trackers = try store.trackers().map(\.tracker)
      let trimmed: String
      var newCategories: [TrackerCategory] = []
      let category: TrackerCategory
      switch judge(name, options.category, trackers: trackers, categories: try store.categories(), localizer)
      {
      case .success(let judged):
        trimmed = judged.name
        switch judged.category {
        case .existing(let found): category = found
        case .new(let title):
          category = TrackerCategory(id: UUID(), title: title)
          newCategories = [category]
        }
      case .failure(let refusal): return refusal
      }
      let tracker = Tracker(
        id: UUID(), name: trimmed, emoji: emoji, color: TrackerColor.palette[place - 1],
        categoryID: category.id,
        createdOn: settings.date, kind: kind, measure: measure,
        // After any move, a new tracker goes last, as one made on the screen does.
        order: TrackerOrder.orderOfNew(among: trackers.map(\.order)))
      do {
        // One transaction: a tracker refused leaves no category made for it.
        try store.insert(StoreAdditions(categories: newCategories, trackers: [tracker]))
        // A data file made by `add` opens on its main screen, as one `import` fills does.
        _ = try store.updateSettings { $0.isOnboardingDone = true }
      } catch {
        outcome.standardError += Messages.error(Messages.notSaved(error)) + "\n"
        outcome.exitCode = 1
        return outcome
      }
      if !newCategories.isEmpty {
        outcome.standardOutput +=
          Messages.text(.cliAddCategoryCreated(TerminalSafe.text(category.title))) + "\n"
      }
      outcome.standardOutput +=
        Messages.text(.cliAddCreated(TerminalSafe.text(trimmed), TerminalSafe.text(category.title))) + "\n"
    } catch {
      return .failure(Messages.unreadableData(error))
    }
    return outcome
  }

  /// The name as stored and the category of a new tracker among `trackers` and `categories`, or
  /// the refusal: the form's words for a name refused, with a hint when an archived tracker has
  /// it (`unarchive` brings it back).
  static func judge(
    _ name: String, _ categoryTitle: String?, trackers: [Tracker], categories: [TrackerCategory],
    _ localizer: Localizer
  ) -> Result<(name: String, category: CategoryChoice), Outcome> {
    switch NameRules.validateTyped(name, against: trackers.map(\.name)) {
    case .success(let valid):
      return category(categoryTitle, among: categories, localizer).map { (valid, $0) }
    case .failure(let reason):
      var message =
        DisplayText.nameError(reason, isCategory: false, localizer).map(TerminalSafe.text)
        ?? Messages.text(.cliAddEmptyName)
      let key = NameRules.comparisonKey(NameRules.trimmed(name))
      if case .duplicate = reason,
        let archived = trackers.first(where: { $0.isArchived && NameRules.comparisonKey($0.name) == key })
      {
        message += Messages.text(.cliAddNameArchived(TerminalSafe.text(archived.name)))
      }
      return .failure(.failure(message))
    }
  }

  /// The kind the schedule options say: exactly one of `--every`, `--times` with `--per` or
  /// `--in`, and `--event`. `--per` without `--times` is a measure target's period, not a
  /// schedule (`measure`).
  static func schedule(_ options: Options) -> Result<TrackerKind, UsageError> {
    let given = [options.every != nil, options.times != nil || options.inDays != nil, options.event]
    guard given.contains(true) else { return .failure(UsageError(message: Messages.text(.cliAddNoSchedule))) }
    guard given.filter({ $0 }).count == 1 else {
      return .failure(UsageError(message: Messages.text(.cliAddTwoSchedules)))
    }
    if options.event { return .success(.event) }
    if let every = options.every {
      // A weekday list is never empty once read (an empty word is refused).
      return every.map { .habit(Schedule($0) ?? .everyDay) }
    }
    guard let times = options.times, (options.per == nil) != (options.inDays == nil) else {
      return .failure(UsageError(message: Messages.text(.cliAddTimesAndPer)))
    }
    if let inDays = options.inDays {
      return times.flatMap { count in
        inDays.flatMap { days in
          guard let window = TimesInDays(count, in: days) else {
            return .failure(
              UsageError(message: Messages.text(.cliAddWindowOutOfRange(String(count), String(days)))))
          }
          return .success(.habit(Schedule(window: window)))
        }
      }
    }
    guard let period = options.per else {
      return .failure(UsageError(message: Messages.text(.cliAddTimesAndPer)))
    }
    return times.flatMap { count in
      guard let quota = Quota(count, per: period) else {
        return .failure(
          UsageError(message: Messages.text(.cliAddQuotaOutOfRange(String(count), period.rawValue))))
      }
      return .success(.habit(Schedule(quota: quota)))
    }
  }

  /// Why the measure options are refused: options that do not go together (a usage error), or
  /// a unit or target the form refuses (its sentence, exit 1).
  enum MeasureRefusal: Error {
    case usage(String)
    case refused(String)
  }

  /// The measure `--measure` with `--at-least` or `--at-most` says; yes/no without them.
  static func measure(_ options: Options, _ localizer: Localizer) -> Result<TrackerMeasure, MeasureRefusal> {
    let target: (text: String, direction: MeasureDirection)?
    switch (options.atLeast, options.atMost) {
    case (let least?, nil): target = (least, .atLeast)
    case (nil, let most?): target = (most, .atMost)
    case (nil, nil): target = nil
    case (_?, _?): return .failure(.usage(Messages.text(.cliAddTwoTargets)))
    }
    // `--per` without `--times` is the target's period: "--at-least 50000 --per week".
    let period = options.times == nil ? options.per : nil
    if period != nil, target == nil { return .failure(.usage(Messages.text(.cliAddPerWithoutTimesOrTarget))) }
    switch (options.measure, target) {
    case (nil, nil): return .success(.yesNo)
    case (nil, _?): return .failure(.usage(Messages.text(.cliAddTargetWithoutMeasure)))
    case (_?, nil): return .failure(.usage(Messages.text(.cliAddMeasureWithoutTarget)))
    case (let unit?, let target?):
      // The form's sentence, after the option it is about: the form shows it under its field.
      let targetOption = target.direction == .atLeast ? "--at-least" : "--at-most"
      if case .failure(let error) = MeasureGoal.validatedTypedUnit(unit) {
        guard let sentence = DisplayText.measureError(error, localizer) else {
          return .failure(.refused(Messages.text(.cliAddEmptyUnit)))
        }
        return .failure(.refused("--measure: " + TerminalSafe.text(sentence)))
      }
      let amount: Amount
      do {
        amount = try Amount(parsing: target.text)
      } catch {
        return .failure(.refused(targetOption + ": " + DisplayText.targetError(error, localizer)))
      }
      do {
        return .success(
          .measurable(
            try MeasureGoal(unit: unit, target: amount, direction: target.direction, period: period)))
      } catch {
        return .failure(
          .refused(
            targetOption + ": " + (DisplayText.measureError(error, localizer) ?? error.localizedDescription)))
      }
    }
  }

  /// The category a new tracker goes into.
  enum CategoryChoice {
    case existing(TrackerCategory)
    /// A title no category has yet, valid: made with the tracker.
    case new(String)
  }

  /// `--category`'s category (matched as names are, ignoring case and spaces around), or a new
  /// one by that title; without it the only category there is.
  static func category(_ title: String?, among categories: [TrackerCategory], _ localizer: Localizer)
    -> Result<CategoryChoice, Outcome>
  {
    guard let title else {
      switch categories.count {
      case 0: return .failure(.failure(Messages.text(.cliAddNoCategory)))
      case 1: return .success(.existing(categories[0]))
      default:
        let collation = Collation(localizer.language)
        let titles = categories.map(\.title).sorted(by: collation.areInOrder).map(TerminalSafe.text)
        return .failure(.failure(Messages.text(.cliAddWhichCategory(titles.joined(separator: ", ")))))
      }
    }
    let key = NameRules.comparisonKey(NameRules.trimmed(title))
    if let found = categories.first(where: { NameRules.comparisonKey($0.title) == key }) {
      return .success(.existing(found))
    }
    // A kept title with an invisible character, as the user sees it ("Health" for "He\u{AD}alth").
    let visible = NameRules.visibleKey(title)
    let lookAlikes = categories.filter { NameRules.visibleKey($0.title) == visible }
    if lookAlikes.count == 1 { return .success(.existing(lookAlikes[0])) }
    switch NameRules.validateTyped(title, against: categories.map(\.title)) {
    case .success(let valid): return .success(.new(valid))
    case .failure(let reason):
      return .failure(
        .failure(
          DisplayText.nameError(reason, isCategory: true, localizer).map(TerminalSafe.text)
            ?? Messages.text(.cliAddEmptyCategory)))
    }
  }
}
