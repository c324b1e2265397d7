/// Which app of the package a data file belongs to, by the application id in its header.
public enum StoreOwner: Hashable, Sendable {
  /// The habit tracker ("TRKR").
  case tracker
  /// The to-do list ("TODO").
  case todo

  /// The id written into the header of this app's new files (`PRAGMA application_id`).
  package var applicationID: Int32 {
    switch self {
    case .tracker: 0x5452_4B52  // "TRKR"
    case .todo: 0x544F_444F  // "TODO"
    }
  }

  /// The owner whose files carry `applicationID`, if it is one of ours.
  package init?(applicationID: Int32) {
    switch applicationID {
    case StoreOwner.tracker.applicationID: self = .tracker
    case StoreOwner.todo.applicationID: self = .todo
    default: return nil
    }
  }
}
