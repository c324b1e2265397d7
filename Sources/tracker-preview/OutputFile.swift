import Foundation

/// Checks on a file a command is about to write, and the writing.
///
/// What `--output` names decides how it is written (docs/command-line.md): a regular file (or a
/// name not taken yet) gets a temporary file beside it, renamed over it once whole; a symbolic
/// link is followed to the file it names, and that file is the one replaced (the link stays a
/// link); a character device (`/dev/null`, `/dev/full`, a terminal) and a named pipe are written
/// into, never replaced; a named pipe no program reads is refused at once instead of waiting for a
/// reader that may never come; anything else that is not a regular file is refused.
enum OutputFile {
  /// A target the tool will not write, in the run's language.
  struct Refusal: Error {
    let reason: String
  }

  /// Why `path` cannot be written, when that is clear before trying.
  static func problem(_ path: String) -> String? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      return Messages.unwritable(path, Messages.isAFolder)
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      return Messages.unwritable(path, Messages.noSuchFolder(folder))
    }
    if !folder.isEmpty, !isFolder.boolValue {
      return Messages.unwritable(path, Messages.noSuchFolder(folder))
    }
    return nil
  }

  /// Writes `data` to what `path` names (see the type's description). A regular file is written
  /// beside and renamed into place: the old file stays whole until then, and the temporary file is
  /// removed whatever goes wrong (a full disk, a file size limit).
  static func write(_ data: Data, to path: String) throws {
    let target = try linkTarget(path)
    var info = stat()
    if lstat(target, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      switch info.st_mode & S_IFMT {
      case S_IFCHR: try writeInto(target, data, flags: O_WRONLY)
      case S_IFIFO: try writeInto(target, data, flags: O_WRONLY | O_NONBLOCK)
      case S_IFDIR: throw Refusal(reason: Messages.isAFolder)
      default: throw Refusal(reason: Messages.notARegularFile)
      }
      return
    }
    try replace(target, with: data)
  }

  /// The file a chain of symbolic links starting at `path` ends on (`path` itself when it is
  /// not a link), which need not exist yet; a relative link is read from its own folder.
  static func linkTarget(_ path: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        destination.hasPrefix("/")
        ? destination
        : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
    }
    throw POSIXError(.ELOOP)
  }

  /// Writes `data` into the existing special file `path` (a device, a named pipe), opened with
  /// `flags`: nothing is created, truncated or renamed. A pipe opened without blocking that no
  /// program reads fails with `ENXIO`: refused, never waited on.
  private static func writeInto(_ path: String, _ data: Data, flags: Int32) throws {
    let descriptor = open(path, flags | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      if errno == ENXIO, flags & O_NONBLOCK != 0 { throw Refusal(reason: Messages.noPipeReader) }
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    // A reader is there: from now on the pipe is written like any other, waiting while it is full.
    if flags & O_NONBLOCK != 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
    var failure = Descriptor.writeAll(descriptor, data)
    if close(descriptor) != 0, failure == 0, errno != EINTR { failure = errno }
    if failure != 0 { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
  }

  /// Writes `data` to a temporary file beside `path` and renames it over `path`.
  private static func replace(_ path: String, with data: Data) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let name = "." + (path as NSString).lastPathComponent + ".tmp-\(getpid())"
    let temporary = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var failure = Descriptor.writeAll(descriptor, data)
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == 0 { failure = errno }
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
    }
  }

  /// Whether `path` names the data file `store` or one of the files SQLite and the store keep
  /// beside it (however either is spelled: relative, through a symbolic link, a hard link):
  /// writing a backup there would destroy what it backs up.
  static func isPart(of store: String, _ path: String) -> Bool {
    let target = resolved(path)
    let parts = ["", "-wal", "-shm", "-journal", ".verified"]
    if parts.contains(where: { resolved(store + $0) == target || resolved(store) + $0 == target }) {
      return true
    }
    // The same file under another name (a hard link).
    var storeInfo = stat()
    var pathInfo = stat()
    return stat(store, &storeInfo) == 0 && stat(path, &pathInfo) == 0 && storeInfo.st_dev == pathInfo.st_dev
      && storeInfo.st_ino == pathInfo.st_ino
  }

  /// `path` absolute, with symbolic links resolved as far as the file or its folder exists.
  private static func resolved(_ path: String) -> String {
    if let full = realpath(path, nil) {
      defer { free(full) }
      return String(cString: full)
    }
    let absolute =
      path.hasPrefix("/")
      ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    let folder = (absolute as NSString).deletingLastPathComponent
    guard let full = realpath(folder, nil) else { return (absolute as NSString).standardizingPath }
    defer { free(full) }
    return (String(cString: full) as NSString).appendingPathComponent(
      (absolute as NSString).lastPathComponent)
  }

  /// The reason for a failed write, in words: the tool's own, or the system's.
  static func reason(_ error: Error) -> String {
    if let refusal = error as? Refusal { return refusal.reason }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    let nsError = error as NSError
    // Any `Error` underneath (on Linux a Swift error in `userInfo` is no `NSError` to `as?`).
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error,
      (underlying as NSError).domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32((underlying as NSError).code)))
    }
    return nsError.localizedDescription
  }
}

/// Writing to an open file descriptor with `write(2)` alone: never through `FileHandle`, whose
/// `write` stops the process on a failure (a full disk, a closed descriptor).
enum Descriptor {
  /// Writes all of `data` to `descriptor`, again after a signal (`EINTR`) and after a partial
  /// write; 0 when every byte went, else the `errno` of the failure.
  ///
  /// On a non-blocking descriptor (the terminal the app opens for itself, or one another program
  /// made non-blocking) that takes no more for now, it waits until it does, as a blocking write
  /// would, and looks at `givingUp` again whenever `wake` (the signals' pipe, `RawTerminal`)
  /// becomes readable: once it says yes (the app was asked to stop by a signal), what the
  /// descriptor does not take at once is given up with `EINTR`, so a terminal nobody reads does
  /// not keep a stopping app alive. What the pipe held is read: the loop looks at the signals'
  /// flags before it sleeps again.
  static func writeAll(
    _ descriptor: Int32, _ data: Data, givingUp: () -> Bool = { false }, wake: Int32 = -1
  ) -> Int32 {
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          if errno == EAGAIN || errno == EWOULDBLOCK {
            if givingUp() { return EINTR }
            // A reader that went away is then told by the next write (EPIPE, EIO). A descriptor
            // of -1 is left out by `poll`.
            var ready = [
              pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0),
              pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&ready, 2, -1) < 0, errno != EINTR { return errno }
            if ready[1].revents & Int16(POLLIN) != 0 { emptyPipe(wake) }
            continue
          }
          return errno
        }
        // Nothing written and no error: the file takes no more (as a full device says ENOSPC).
        if written == 0 { return ENOSPC }
        offset += written
      }
      return 0
    }
  }

  /// Reads whatever a non-blocking pipe holds.
  static func emptyPipe(_ descriptor: Int32) {
    var bytes = [UInt8](repeating: 0, count: 64)
    while Glibc.read(descriptor, &bytes, bytes.count) > 0 {}
  }

  /// Throws away what `descriptor` (a terminal) holds and its reader has not read (`TCOFLUSH`):
  /// a stopping app whose terminal nobody reads makes room for its last words.
  static func discardUnread(_ descriptor: Int32) {
    tcflush(descriptor, TCOFLUSH)
  }

  /// Makes sure descriptors 0, 1 and 2 are open, each closed one given `/dev/null`, so no file
  /// the tool opens later takes a standard stream's number (and gets its output); returns which
  /// of them were closed.
  static func holdStandardStreams() -> Set<Int32> {
    var closed: Set<Int32> = []
    for stream in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(stream, F_GETFD) < 0 && errno == EBADF {
      closed.insert(stream)
      let null = open("/dev/null", stream == STDIN_FILENO ? O_RDONLY : O_WRONLY)
      if null >= 0, null != stream {
        dup2(null, stream)
        close(null)
      }
    }
    return closed
  }

  /// The fewest open files the tool runs with: the data file with its log and index, a second
  /// connection for reads, the file's watch, the terminal, and libdispatch's event loop — which
  /// stops the process (SIGILL) when it cannot open its own descriptors (`ulimit -n 14` killed
  /// `app`; 16 ran it).
  static let fewestOpenFiles: rlim_t = 32
  /// The limit raised to, when it was lower and may be raised.
  static let wantedOpenFiles: rlim_t = 256

  #if os(Linux)
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
    private static let openFiles = RLIMIT_NOFILE
  #endif

  /// Raises the soft limit of open files to `wantedOpenFiles` where the hard limit allows (a
  /// process started with few: `ulimit -Sn 8`). Returns the limit when it stays below
  /// `fewestOpenFiles` (the tool then says so instead of starting), else nil.
  static func raiseOpenFileLimit() -> rlim_t? {
    var limit = rlimit()
    guard getrlimit(openFiles, &limit) == 0 else { return nil }
    if limit.rlim_cur < wantedOpenFiles {
      var raised = limit
      raised.rlim_cur = min(limit.rlim_max, wantedOpenFiles)
      if setrlimit(openFiles, &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur < fewestOpenFiles ? limit.rlim_cur : nil
  }
}
