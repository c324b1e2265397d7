import Foundation
import TrackerArchiveCodec
import TrackerModels
import TrackerSync

extension SQLiteTrackerStore: SyncingStore {
  /// The folder joined and the last sync.
  public func syncStatus() throws(StoreError) -> SyncStatus {
    try reading {
      let state = try self.loadSyncState()
      return SyncStatus(
        folder: state["folder"],
        lastSynced: state["last_synced"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0 / 1000) },
        clocksAhead: Self.decodeClocksAhead(state["clocks_ahead"]))
    }
  }

  /// Syncs with the shared folder `folder` (joining it, and remembering it), or the folder joined
  /// before: sends what changed here since the last sync, each field with the stamp it got when it
  /// was changed, merges every other device's logs not read yet, and leaves the store as the merge
  /// says, in one transaction (docs/sync.md). `now` is this device's wall clock: what a change
  /// not stamped yet is stamped with, and what a clock far ahead is measured against.
  ///
  /// The log this device sends is recorded in the store with the merge, then written to the
  /// folder: a sync killed between the two writes it at the next one (docs/sync.md, "Kills").
  /// A data file that finds its id used by another file (a copy, a backup restored) takes a new
  /// id, and one whose own logs are gone from the folder sends everything it knows again.
  ///
  /// Nothing changes when the folder is missing or refused, or the store refuses: the error says
  /// which. A log still being copied is left for the next sync; odd content is skipped with why.
  @discardableResult
  public func sync(folder given: String?, now: Date) throws(SyncError) -> SyncReport {
    let milliseconds = Self.milliseconds(now)
    let known: (state: [String: String], read: [String: Int])
    do {
      known = try reading { (try self.loadSyncState(), try self.loadReadPositions()) }
    } catch {
      throw .store(error)
    }
    guard let path = given.map(Self.absolute) ?? known.state["folder"] else { throw .noFolder }
    let folder = SyncFolder(root: path)
    try folder.check()
    var report = SyncReport(folder: path, device: "", joined: known.state["folder"] != path)
    var toWrite: SyncLogFile?
    var merged = SyncState()
    var finalRead: [String: Int]?
    var own = SyncFolder.DeviceFiles()
    var others: [String: SyncFolder.DeviceFiles] = [:]
    var device = ""
    var republish = false
    // The changes of the log a killed sync committed and this sync wrote to the folder.
    var pendingSent = 0
    // A refusal of the folder met inside the transaction (which ends it): said as it is.
    var folderFailure: SyncError?
    do {
      try write {
        toWrite = nil
        finalRead = nil
        folderFailure = nil
        pendingSent = 0
        // Changes another program made without stamping them are stamped now (the clock read below
        // includes that stamp).
        try self.stampEdits(at: milliseconds)
        let state = try self.loadSyncState()
        var read = try self.loadReadPositions()
        // What the folder holds and what this store sent are looked at under the write lock: a
        // second sync of this data file (the app's and cron's at once) waits, then sees the first
        // one's log as this store's own.
        var nextSequence = 1
        var previous: (device: String, readUpTo: Int)?
        var pendingWritten = false
        var pendingFiles: [(device: String, files: [(name: String, sequence: Int, isSnapshot: Bool)])] = []
        var skipped: [SyncSkip] = []
        others = [:]
        do throws(SyncError) {
          let listing = try folder.devices()
          try syncStep(.listed)

          // This device: its id, its next file's sequence, and the file it committed last (which a sync
          // killed after its commit did not write).
          device = state["device"] ?? UUID().uuidString
          let hadDevice = state["device"] != nil
          nextSequence = Int(state["next_sequence"] ?? "") ?? 1
          let pending = Self.pendingLog(state)
          own = try folder.files(of: device)
          // A copy of this data file (on another machine, or a backup restored) syncs under the same id
          // when the folder holds a file of this id that this store did not write: one past what it
          // recorded, or its last file with other contents. It takes a new id and reads the old id's
          // files after its own as another device's.
          if hadDevice {
            let pendingName = pending.map { SyncLogFile.fileName($0.sequence, snapshot: $0.isSnapshot) }
            let pendingIsForeign =
              pending.map { folder.has(device, pendingName!) && !folder.holds(device, pendingName!, $0.text) }
              ?? false
            if own.newest >= nextSequence || pendingIsForeign {
              previous = (device, (pending?.sequence ?? nextSequence) - 1)
              device = UUID().uuidString
              nextSequence = 1
              own = SyncFolder.DeviceFiles()
            }
          }
          try folder.prepare(device)
          // What a sync of this device killed before naming its log left behind.
          folder.removeAbandonedTemporaries(of: device)
          // The last file committed and not written yet is written now, before anything else of this
          // device (its sequence comes first).
          if previous == nil, let pending {
            let name = SyncLogFile.fileName(pending.sequence, snapshot: pending.isSnapshot)
            // A snapshot of this device as far as the log, or further, folded it (compaction
            // removed the log after the sync that wrote it): it was written, and is not again.
            let folded = (own.snapshots.last ?? 0) >= pending.sequence && !pending.isSnapshot
            if !folded, !folder.has(device, name) {
              try folder.write(text: pending.text, device: device, name: name)
              // Sent now, not by the killed sync: the lines after the header are its changes.
              pendingSent = max(0, pending.text.split(separator: "\n").count - 1)
            }
            // There now, written by this sync or another of this data file since the listing.
            if pending.isSnapshot {
              if !own.snapshots.contains(pending.sequence) {
                own.snapshots = (own.snapshots + [pending.sequence]).sorted()
              }
            } else if !folded, !own.logs.contains(pending.sequence) {
              own.logs = (own.logs + [pending.sequence]).sorted()
            }
            pendingWritten = true
          }
          // Its own files gone from the folder (a folder recreated, its subfolder or logs deleted): every
          // device that has not read them could never read on, so it sends everything it knows again.
          republish = previous != nil || (hadDevice && !Self.isWhole(own, through: nextSequence - 1))

          // Other devices' files not read yet, in order: a device's snapshot first when this store has
          // not read that far (the logs it folded may be gone), then its logs. They are read and merged
          // one at a time in the transaction, so a year of them is never in memory at once.
          var startRead = read
          if let previous {
            startRead[previous.device] = max(startRead[previous.device] ?? 0, previous.readUpTo)
          }
          skipped = listing.skipped
          for other in listing.devices where other != device {
            let files = try folder.files(of: other)
            others[other] = files
            for (name, reason) in files.odd.sorted(by: { $0.key < $1.key }) {
              skipped.append(SyncSkip(path: SyncFolder.shown(other, name), reason: reason))
            }
            var next = (startRead[other] ?? 0) + 1
            var list: [(name: String, sequence: Int, isSnapshot: Bool)] = []
            if let snapshot = files.snapshots.last, snapshot >= next {
              list.append((SyncLogFile.snapshotName(snapshot), snapshot, true))
              next = snapshot + 1
            }
            list += files.logs.filter { $0 >= next }.map { (SyncLogFile.name($0), $0, false) }
            if !list.isEmpty || files.odd.keys.contains(SyncLogFile.name(next)) {
              pendingFiles.append((other, list))
            }
          }
        } catch {
          folderFailure = error
          throw error
        }
        if let previous { read[previous.device] = max(read[previous.device] ?? 0, previous.readUpTo) }
        // A device whose next log is no file the sync can read (a link, a pipe, a folder): its
        // later logs wait behind it, and the report says so.
        func stoppedAtOddLog(_ other: String, _ files: [(name: String, sequence: Int, isSnapshot: Bool)])
          -> UnreadLog?
        {
          let expected = (read[other] ?? 0) + 1
          guard files.isEmpty, let reason = others[other]?.odd[SyncLogFile.name(expected)] else { return nil }
          return UnreadLog(device: other, sequence: expected, reason: reason)
        }
        report.device = device
        report.previousDevice = previous?.device
        report.republished = republish
        var clock = HybridClock(device: device, latest: Self.clock(state))
        clock.limit(now: milliseconds)

        // What changed here since the last sync: the store against what that sync left. A digest
        // of what it left says at once when nothing did; with no other device's log to read
        // either, there is nothing to do (the interactive app's syncs, most of the time).
        let current = try self.loadContents()
        let settings = try self.loadSettings()
        let digest = SyncFields.digest(current, dayStart: settings.dayStart)
        // A mark or note made and taken away again since the last sync leaves the store as it was,
        // but its removal is an edit (later than another device's mark of that day): stamped
        // changes take the whole way.
        let stampedAny = try self.database.cached("SELECT EXISTS (SELECT 1 FROM sync_edit)").rows {
          $0.int(0)
        }
        let unchanged = state["digest"] == digest && stampedAny.first != 1
        if unchanged, !republish, state["folder"] == path,
          !pendingFiles.contains(where: { device in
            device.files.contains { $0.sequence > (read[device.device] ?? 0) }
          })
        {
          try self.database.cached("DELETE FROM sync_edit").run()
          try self.database.cached("INSERT OR IGNORE INTO sync_tracking (tracking) VALUES (1)").run()
          if pendingWritten { try self.clearPendingLog() }
          try self.storeSyncState([
            "last_synced": String(milliseconds), "clocks_ahead": Self.encodeClocksAhead([]),
          ])
          // Nothing new to send; a log a killed sync committed, written just now, was sent.
          report.changesOut = pendingSent
          // What is not as it should be is said on an idle sync too (a cron's): a device stopped
          // behind a log that is a link, a pipe or unreadable would otherwise go unnoticed.
          report.skipped = skipped
          report.unread = pendingFiles.compactMap { stoppedAtOddLog($0.device, $0.files) }
          var synced = StoreChange()
          synced.syncChanged = true
          return synced
        }
        merged = try self.loadSyncFields()
        var edits: [(SyncKey, JSONValue)] = []
        if !unchanged {
          let before = SyncFields.materialize(merged)
          edits = SyncFields.edits(
            from: before.contents, dayStart: before.dayStart, to: current, dayStart: settings.dayStart)
        }
        // Each edit goes with the stamp its field got when it was changed here; one this store has
        // no stamp for (made before stamps were kept) with one taken now.
        let stamped = stampedAny.first == 1 ? try self.loadEditStamps() : [:]
        edits += SyncFields.removals(of: stamped.keys, notIn: edits, merged: merged, current: current)
        var fresh: SyncStamp?
        // The fields to write back, in the order they won (a field that won twice is written twice:
        // cheaper than hashing every key into a set).
        var changed: [SyncKey] = []
        var outgoing: [(key: SyncKey, value: SyncValue)] = []
        for (key, value) in edits {
          let stamp: SyncStamp
          if let clockValue = stamped[key] {
            stamp = SyncStamp(clock: clockValue, device: device)
          } else {
            if fresh == nil { fresh = clock.stamp(now: milliseconds) }
            stamp = fresh!
          }
          merged.merge(key, SyncValue(value, stamp))
          changed.append(key)
          outgoing.append((key, SyncValue(value, stamp)))
        }

        // Other devices' entries, each checked before it is merged.
        var incoming: [(key: SyncKey, device: String)] = []
        var ahead: [String: UInt64] = [:]
        let limit = milliseconds + HybridClock.reach
        var unread: [UnreadLog] = []
        for (other, files) in pendingFiles {
          var expected = (read[other] ?? 0) + 1
          let odd = others[other]?.odd ?? [:]
          if let stopped = stoppedAtOddLog(other, files) { unread.append(stopped) }
          reading: for (name, sequence, isSnapshot) in files where sequence >= expected {
            guard isSnapshot || sequence == expected else {
              unread.append(
                UnreadLog(
                  device: other, sequence: expected, reason: odd[SyncLogFile.name(expected)] ?? .stillCopying)
              )
              break
            }
            let lines: [SyncLogFile.Line]
            switch folder.lines(of: other, name) {
            case .success(let read): lines = read
            case .failure(let reason):
              unread.append(UnreadLog(device: other, sequence: sequence, reason: reason))
              break reading
            }
            let decoded: SyncLogFile.Decoded
            switch SyncLogFile.decode(lines: lines, device: other, sequence: sequence, snapshot: isSnapshot) {
            case .success(let file): decoded = file
            case .failure(.incomplete):
              unread.append(UnreadLog(device: other, sequence: sequence, reason: .stillCopying))
              break reading
            case .failure(.foreign(let reason)):
              unread.append(UnreadLog(device: other, sequence: sequence, reason: reason))
              break reading
            }
            var lineSkips = decoded.skipped
            if let written = decoded.file.written, written > limit {
              ahead[other] = max(ahead[other] ?? 0, written - milliseconds)
            }
            for (key, value) in decoded.file.entries {
              if let problem = SyncFields.problem(key, value, now: milliseconds) {
                lineSkips[problem, default: 0] += 1
                continue
              }
              clock.observe(value.stamp, now: milliseconds)
              // A clock far ahead is told by the writer's own clock when the log carries it, else
              // by the entries made on that device (not the ones it merely passed on).
              if decoded.file.written == nil, value.stamp.device == other, value.stamp.milliseconds > limit {
                ahead[other] = max(ahead[other] ?? 0, value.stamp.milliseconds - milliseconds)
              }
              if merged.merge(key, value) {
                changed.append(key)
                incoming.append((key, other))
              }
            }
            for (reason, count) in lineSkips.sorted(by: { "\($0.key)" < "\($1.key)" }) {
              skipped.append(SyncSkip(path: SyncFolder.shown(other, name), reason: reason, lines: count))
            }
            read[other] = sequence
            expected = sequence + 1
          }
        }
        report.unread = unread
        report.skipped = skipped

        // What came in and stayed, and what a deletion hid (here or there).
        var devices: Set<String> = []
        var dropped: [String: Int] = [:]
        for (key, from) in incoming {
          guard let value = merged[key] else { continue }
          if let deletion = SyncFields.hiding(key, value.stamp, in: merged) {
            dropped[deletion.device, default: 0] += 1
          } else {
            report.changesIn += 1
            devices.insert(from)
          }
        }
        for (key, value) in outgoing {
          if let deletion = SyncFields.hiding(key, value.stamp, in: merged) {
            dropped[deletion.device, default: 0] += 1
          }
        }
        report.devicesIn = devices.count
        report.dropped = dropped.sorted { $0.key < $1.key }.map {
          DroppedChanges(device: $0.key, count: $0.value)
        }

        let after = SyncFields.materialize(merged)
        // What the merge writes into the tables is not a change made here: the triggers that name
        // changes for the next sync stay quiet meanwhile, and from then on they name every change
        // (a file that never joined a folder has nothing to stamp).
        try self.database.cached("DELETE FROM sync_tracking").run()
        var change = try self.apply(
          after.contents, dayStart: after.dayStart, over: current, settings: settings)
        try self.database.cached("INSERT OR IGNORE INTO sync_tracking (tracking) VALUES (1)").run()
        try self.storeSyncFields(changed, of: merged)
        try self.storeReadPositions(read)
        finalRead = read
        // Every change here is in the merge now (the apply's own rows too).
        try self.database.cached("DELETE FROM sync_edit").run()
        let clocksAhead = ahead.sorted { $0.key < $1.key }.map {
          ClockAhead(device: $0.key, hours: Int($0.value / 3_600_000))
        }
        // A log when there is something to send; an empty one at most once a day when only what
        // this device has read moved, so the others learn it and can fold their logs. Everything
        // it knows, as a snapshot, when its own logs are gone or it took a new id.
        let lastLogTime = UInt64(state["log_time"] ?? "") ?? 0
        let readMoved = Self.encodeReadPositions(read) != (state["log_read"] ?? Self.encodeReadPositions([:]))
        var sequence = nextSequence
        if republish {
          toWrite = SyncLogFile(
            device: device, sequence: sequence,
            entries: merged.fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) },
            read: read,
            isSnapshot: true, written: milliseconds)
        } else if !outgoing.isEmpty || (readMoved && milliseconds >= lastLogTime + 86_400_000) {
          toWrite = SyncLogFile(
            device: device, sequence: sequence, entries: outgoing, read: read, written: milliseconds)
        }
        if let file = toWrite {
          sequence += 1
          try self.storeSyncState([
            "log_time": String(milliseconds), "log_read": Self.encodeReadPositions(read),
            "pending_sequence": String(file.sequence), "pending_snapshot": file.isSnapshot ? "1" : "0",
            "pending_log": file.text,
          ])
        } else if pendingWritten {
          try self.clearPendingLog()
        }
        try self.storeSyncState([
          "device": device, "folder": path, "clock": SyncStamp(clock: clock.latest, device: device).clockText,
          "next_sequence": String(sequence), "last_synced": String(milliseconds),
          "clocks_ahead": Self.encodeClocksAhead(clocksAhead),
          "digest": SyncFields.digest(after.contents, dayStart: after.dayStart),
        ])
        // Everything sent again counts as sent: "nothing out" would hide a snapshot of all of it.
        // A log a killed sync committed and this one wrote counts too: no device had it before.
        report.changesOut = republish ? (toWrite?.entries.count ?? 0) : outgoing.count + pendingSent
        report.clocksAhead = clocksAhead
        try self.syncStep(.merged)
        if change != StoreChange() { change.isEverything = true }
        // Settings' sync row shows the folder joined and the last sync, whatever the data did.
        change.syncChanged = true
        return change
      }
    } catch {
      if let folderFailure { throw folderFailure }
      throw .store(error)
    }
    try syncStep(.committed)
    // The log, recorded with the merge, goes to the folder; a failure here leaves it recorded, and
    // the next sync writes it.
    if let file = toWrite {
      try folder.write(file)
      if file.isSnapshot { own.snapshots.append(file.sequence) } else { own.logs.append(file.sequence) }
      try syncStep(.written)
    }
    if !republish, let finalRead {
      report.compacted = try compact(
        folder, device: device, files: own, others: others, merged: merged, read: finalRead,
        now: milliseconds)
    }
    return report
  }

}
