import Foundation
import TrackerSync

extension SQLiteTrackerStore {
  /// What the shared folder `folder` holds for sync, in one text that changes whenever a log is
  /// added, renamed into place, grows (one still being copied) or goes: every name under
  /// `tracker-sync`, with its size and modification time. nil when the folder cannot be read.
  /// The interactive app looks at it about once a second and syncs when it changes; it reads no
  /// file, so looking is cheap.
  public static func syncFolderListing(_ folder: String) -> String? {
    let logs = SyncFolder(root: folder).logs
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { return nil }
    guard manager.fileExists(atPath: logs) else { return "" }
    guard let devices = try? manager.contentsOfDirectory(atPath: logs) else { return nil }
    var lines: [String] = []
    for device in devices.sorted() {
      let path = (logs as NSString).appendingPathComponent(device)
      lines.append(device + " " + stamp(path))
      for name in ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted() {
        lines.append(device + "/" + name + " " + stamp((path as NSString).appendingPathComponent(name)))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A file's size and modification time, or "-" when it is gone.
  private static func stamp(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0 else { return "-" }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec)"
  }
}
