/// What the harness does with references (README, "Snapshot references"), from `SNAPSHOTS=verify|missing|update`.
public enum SnapshotMode: String, Sendable, CaseIterable {
  /// Never writes; a missing reference fails. Forced when `CI` is set.
  case verify
  /// Records references that do not exist yet (and still fails, so nobody forgets to read them).
  case missing
  /// Rewrites references that differ (and still fails, so the change gets reviewed).
  case update

  /// The mode for a process environment: `verify` whenever `CI` is set, else `SNAPSHOTS`, else
  /// `missing`. An unknown `SNAPSHOTS` value is `verify`, the mode that cannot destroy anything.
  public static func from(environment: [String: String]) -> SnapshotMode {
    if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .verify }
    guard let value = environment["SNAPSHOTS"], !value.isEmpty else { return .missing }
    return SnapshotMode(rawValue: value.lowercased()) ?? .verify
  }
}
