import TrackerLocalization
import TrackerModels

/// Amounts as the command line writes them (docs/command-line.md): the language's decimal
/// separator ("12.5" in English, "12,5" in Russian), trailing zeros dropped, no grouping, so a
/// script can read a number back with `--amount` in either language.
enum AmountText {
  /// `amount` in `language`'s decimal format.
  static func of(_ amount: Amount, _ language: Language) -> String {
    amount.written(decimalSeparator: language == .ru ? "," : ".")
  }

  /// A measurable day against its goal: "12.5 / 20 km" ("0 / 20 km" with nothing entered; a
  /// record without an amount counts as the target).
  static func progress(_ record: TrackerRecord?, _ goal: MeasureGoal, _ language: Language) -> String {
    let amount = record.map { $0.amount ?? goal.target } ?? .zero
    return of(amount, language) + " / " + of(goal.target, language) + " " + goal.unit
  }
}
