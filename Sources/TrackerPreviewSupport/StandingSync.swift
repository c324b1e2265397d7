import Foundation
import TrackerModels

/// A sync that stands still: its status is the one given, and a sync changes nothing. For
/// scenarios and previews of Settings with a folder joined (issue 33), where no folder is real.
public final class StandingSync: SyncingStore, Sendable {
  public let status: SyncStatus

  /// A sync whose status is `status`.
  public init(_ status: SyncStatus) { self.status = status }

  public func syncStatus() throws(StoreError) -> SyncStatus { status }

  /// Nothing in, nothing out.
  public func sync(folder: String?, now: Date) throws(SyncError) -> SyncReport {
    guard let joined = folder ?? status.folder else { throw .noFolder }
    return SyncReport(folder: joined, device: "00000000-0000-4000-8000-000000000000", joined: false)
  }
}
