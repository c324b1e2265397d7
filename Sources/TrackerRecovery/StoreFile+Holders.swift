import CSQLite
import Foundation
import TrackerModels
import TrackerSQLite

/// Who holds a data file's locks: the program writing it, or reading it in rollback journal
/// mode, named for the user ("tracker-preview, pid 4242").
extension StoreFile {
  /// The process holding the write lock of a database, as "name, pid N", when the system says:
  /// in WAL mode SQLite's writer locks byte 120 of the `-shm` file; a program that switched the
  /// file to a rollback journal (`journal_mode=DELETE`) locks the database file's RESERVED byte
  /// (`reservedByte`) while it writes, and keeps it through the commit.
  package static func writeLockHolder(_ path: String) -> String? {
    guard let pid = sharedMemoryLockHolder(path, byte: 120) ?? lockHolder(of: path, byte: reservedByte)
    else { return nil }
    return described(pid)
  }

  /// Who keeps a data file from being written, and how.
  package enum Holding: Equatable, Sendable {
    /// A program writing it, as "name, pid N" (`writeLockHolder`).
    case writing(String)
    /// A program reading a file it switched to a rollback journal: its shared lock keeps every
    /// writer out until its read ends (in WAL mode a writer writes beside readers).
    case reading(String)

    /// Whether the program reads (and does not write).
    package var isReading: Bool {
      if case .reading = self { true } else { false }
    }

    /// What a storage failure's detail adds (in English, as SQLite's own words).
    package var detail: String {
      switch self {
      case .writing(let holder): " — the write lock is held by \(holder)"
      case .reading(let holder): " — \(holder) reads the file in rollback journal mode"
      }
    }

    /// The program, as "name, pid N".
    package var holder: String {
      switch self {
      case .writing(let holder), .reading(let holder): holder
      }
    }
  }

  /// Who keeps the data file at `path` from being written, when the system says: a writer
  /// (`writeLockHolder`), else a reader of a file in rollback journal mode.
  package static func holding(_ path: String) -> Holding? {
    if let writer = writeLockHolder(path) { return .writing(writer) }
    return rollbackReader(path).map(Holding.reading)
  }

  /// The failure of a write that finds the data file at `path` held (`SQLITE_BUSY`, in `sql`),
  /// naming who holds it when the system says.
  package static func busy(_ path: String, sql: String?) -> StorageFailure {
    var failure = SQLiteError(code: SQLITE_BUSY, message: "database is locked", sql: sql).storageFailure
    if let holding = holding(path) {
      failure.detail += holding.detail
      failure.holder = holding.holder
    }
    return failure
  }

  /// A program reading the database at `path` while it is in rollback journal mode: it holds the
  /// file's SHARED range (`sharedFirstByte` on). In WAL mode every open connection holds that
  /// range, reading or not, and keeps no writer out, so nobody is named then.
  static func rollbackReader(_ path: String) -> String? {
    guard isInRollbackJournalMode(path), let pid = lockHolder(of: path, byte: sharedFirstByte) else {
      return nil
    }
    return described(pid)
  }

  /// Whether the database header says a rollback journal (its write and read versions, bytes 18
  /// and 19, are 1; 2 is WAL mode).
  static func isInRollbackJournalMode(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
    return header[18] == 1 && header[19] == 1
  }

  /// The first byte of a database file's SHARED range, which each reader locks for reading (two
  /// past the PENDING byte at 1 GiB).
  static let sharedFirstByte = 0x4000_0002

  /// A process as "name, pid N" (the name left out when it cannot be read).
  private static func described(_ pid: Int32) -> String {
    let name = FileManager.default.contents(atPath: "/proc/\(pid)/comm").flatMap(programName)
    return (name.map { "\($0), " } ?? "") + "pid \(pid)"
  }

  /// A program's name as the kernel keeps it (`comm`: any bytes the program chose, cut at 15),
  /// fit to be shown: read as UTF-8 with a character the cut split dropped, control and
  /// bidirectional characters (an escape sequence would reach the user's terminal, the command
  /// line prints it as it is) each shown as U+FFFD, nil when nothing is left.
  static func programName(_ comm: Data) -> String? {
    var text = String(decoding: comm, as: UTF8.self)
    while text.hasSuffix("\n") { text.removeLast() }
    // The kernel's cut can split the last character: its bytes decode as U+FFFD.
    while text.hasSuffix("\u{FFFD}") { text.removeLast() }
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      shown.append(NameRules.isForbidden(scalar) || NameRules.isInvisible(scalar) ? "\u{FFFD}" : scalar)
    }
    let name = NameRules.trimmed(String(shown))
    return name.isEmpty ? nil : name
  }

  /// Whether another process has the database at `path` open: every SQLite connection to a WAL
  /// database holds a shared lock on byte 128 of the `-shm` file while it is open. This process
  /// counts too when it has the file open.
  package static func isInUse(_ path: String) -> Bool {
    OpenDatabases.shared.isOpen(path) || sharedMemoryLockHolder(path, byte: 128) != nil
  }

  /// A process other than this one holding a lock on `byte` of `<path>-shm` (Linux).
  ///
  /// When this process has the file open (its SQLite connection does, whenever it met the lock),
  /// the kernel is asked through that descriptor (`F_GETLK`): exact, whatever else comes and goes.
  /// A descriptor opened here and closed again would drop every lock this process's connections
  /// hold on the file, so none is. Otherwise each process this one may look into (its user's) is
  /// asked which of its descriptors is the file, and that descriptor's locks are read
  /// (`/proc/PID/fdinfo/FD`, a few lines read whole): exact too. Last, for another user's
  /// process, `/proc/locks`, which the kernel hands out a page per read, finding where the next
  /// page begins by counting lines: when locks listed before it go between two reads, a line is
  /// skipped, so the table is read again, up to `lockTableReads` times, until the holder is found.
  package static func sharedMemoryLockHolder(_ path: String, byte: Int) -> Int32? {
    lockHolder(of: path + "-shm", byte: byte)
  }

  /// The byte of a database file SQLite's writer locks in rollback journal mode (RESERVED: one
  /// past the PENDING byte at 1 GiB).
  static let reservedByte = 0x4000_0001

  /// A process other than this one holding a lock on `byte` of the file at `path`, asked as
  /// `sharedMemoryLockHolder` says.
  static func lockHolder(of path: String, byte: Int) -> Int32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if let asked = holderThroughOpenDescriptor(device: info.st_dev, inode: info.st_ino, byte: byte) {
      return asked
    }
    let device = UInt64(info.st_dev)
    let major = (device >> 8) & 0xfff | (device >> 32) & ~0xfff
    let minor = device & 0xff | (device >> 12) & ~0xff
    let file = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(info.st_ino))
    if let found = holderAmongProcesses(file: file, device: info.st_dev, inode: info.st_ino, byte: byte) {
      return found
    }
    for _ in 0..<lockTableReads {
      guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
      if let holder = holder(of: file, byte: byte, in: table) { return holder }
    }
    return nil
  }

  /// How many times `sharedMemoryLockHolder` reads the lock table before it says nobody holds it.
  static let lockTableReads = 4

  /// The process, other than this one, among those whose descriptors this one may list, that
  /// holds a lock on `byte` of the file (`file` as "major:minor:inode"), read from the locks each
  /// descriptor of the file shows.
  private static func holderAmongProcesses(file: String, device: dev_t, inode: ino_t, byte: Int) -> Int32? {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
    let me = getpid()
    for entry in entries {
      guard let pid = Int32(entry), pid != me,
        let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
      else { continue }
      for descriptor in descriptors {
        var info = stat()
        guard stat("/proc/\(pid)/fd/\(descriptor)", &info) == 0, info.st_dev == device, info.st_ino == inode,
          let text = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8)
        else { continue }
        // "lock:\t1: POSIX  ADVISORY  READ 1234 00:1b:171868 128 128", as `/proc/locks` writes it.
        let locks = text.split(separator: "\n").filter { $0.hasPrefix("lock:") }
          .map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) }
        if let holder = holder(of: file, byte: byte, in: locks.joined(separator: "\n")) { return holder }
      }
    }
    return nil
  }

  /// Asks the kernel, through a descriptor of the file this process already has open, which other
  /// process holds a lock that a write lock on `byte` would meet: `.some(nil)` when none does,
  /// nil when this process has no descriptor of the file.
  private static func holderThroughOpenDescriptor(device: dev_t, inode: ino_t, byte: Int) -> Int32?? {
    guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
      return nil
    }
    for name in descriptors {
      guard let descriptor = Int32(name) else { continue }
      var info = stat()
      guard fstat(descriptor, &info) == 0, info.st_dev == device, info.st_ino == inode else { continue }
      var query = flock()
      query.l_type = Int16(F_WRLCK)
      query.l_whence = Int16(SEEK_SET)
      query.l_start = off_t(byte)
      query.l_len = 1
      // The descriptor may have been closed and its number reused since it was listed: then it
      // is another file, and the kernel's answer is about that one. Its identity is asked again.
      guard fcntl(descriptor, F_GETLK, &query) == 0, fstat(descriptor, &info) == 0, info.st_dev == device,
        info.st_ino == inode
      else { continue }
      return query.l_type == Int16(F_UNLCK) ? .some(nil) : .some(query.l_pid)
    }
    return nil
  }

  /// The process other than this one holding `byte` of `file` ("major:minor:inode") in `table`.
  static func holder(of file: String, byte: Int, in table: String) -> Int32? {
    // "1: POSIX  ADVISORY  READ 1234 fd:01:16499775 128 128"; "1: -> …" is a waiting request.
    for line in table.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 8, fields[1] != "->", fields[5] == file, let pid = Int32(fields[4]),
        pid != getpid(), let start = Int(fields[6])
      else { continue }
      let end = fields[7] == "EOF" ? Int.max : Int(fields[7]) ?? -1
      if (start...max(start, end)).contains(byte) { return pid }
    }
    return nil
  }
}
