import TrackerSQLite

/// What a store file holds: its ordered migrations and the checks of its contents that SQLite's
/// integrity check cannot make (run by the full check). The tracker's store and the to-do app's
/// share everything else of `StoreFile`: opening, recovery, the quick-open stamp, migrations.
package struct StoreSchema: Sendable {
  /// Written into a new file's header (`PRAGMA application_id`); 0 writes nothing.
  package var applicationID: Int32 = 0
  /// The header values a file of this schema may have.
  package var acceptedApplicationIDs: Set<Int32> = [0]
  package let migrations: [Schema.Migration]
  /// Checks the contents of a file with the migrations `applied`; throws `SQLITE_CORRUPT` for damage.
  package let checkContents: @Sendable (Database, Set<Int>) throws -> Void

  /// The newest version this code knows.
  package var latestVersion: Int { migrations.last?.version ?? 0 }

  package init(
    applicationID: Int32 = 0, acceptedApplicationIDs: Set<Int32> = [0], migrations: [Schema.Migration],
    checkContents: @escaping @Sendable (Database, Set<Int>) throws -> Void
  ) {
    self.applicationID = applicationID
    self.acceptedApplicationIDs = acceptedApplicationIDs
    self.migrations = migrations
    self.checkContents = checkContents
  }

  /// The tracker's data file. New files carry the application id "TRKR" in their header, so a
  /// damaged one is still recognizably Tracker's; files made before it have 0 (the to-do app's
  /// files have "TODO").
  package static let tracker = StoreSchema(
    applicationID: StoreOwner.tracker.applicationID,
    acceptedApplicationIDs: [0, StoreOwner.tracker.applicationID], migrations: Schema.migrations
  ) { database, applied in
    // What no index repeats: the seals of the rows and the summaries derived from the records.
    if applied.contains(Schema.sealsVersion) { try TrackerRows.checkSeals(database) }
    if applied.contains(Schema.measuresVersion) {
      try TrackerRows.checkGoalsAndNotes(database, version: applied.max() ?? Schema.measuresVersion)
    }
    if applied.contains(Schema.remindersVersion) { try TrackerRows.checkReminders(database) }
    if applied.contains(Schema.arrangementVersion) { try TrackerRows.checkArrangements(database) }

    if applied.contains(2) {
      try TrackerRows.checkSummaries(database, readingDaysOff: applied.contains(Schema.daysOffVersion))
    }
  }
}

/// The tracker store's schema as ordered migrations. Each runs once, in its own transaction, and is
/// recorded in `schema_migration`; a file recording a version above the last one here comes from
/// a newer app and is treated as unreadable (moved aside, never modified).
package enum Schema {
  /// One step of the schema's history.
  package struct Migration {
    package let version: Int
    package let name: String
    package let sql: String
    /// Work SQL cannot do, run after `sql` in the same transaction (computing streaks).
    package var after: (@Sendable (Database) throws -> Void)? = nil

    package init(
      version: Int, name: String, sql: String, after: (@Sendable (Database) throws -> Void)? = nil
    ) {
      self.version = version
      self.name = name
      self.sql = sql
      self.after = after
    }
  }

  package static let migrations: [Migration] = [
    Migration(
      version: 1, name: "categories, trackers, records, settings",
      sql: """
        CREATE TABLE category (
          id TEXT PRIMARY KEY NOT NULL,
          title TEXT NOT NULL,
          title_key TEXT NOT NULL UNIQUE
        );
        CREATE TABLE tracker (
          number INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL UNIQUE,
          emoji TEXT NOT NULL,
          color INTEGER NOT NULL CHECK (color BETWEEN 0 AND 16777215),
          category_id TEXT NOT NULL REFERENCES category(id) ON DELETE CASCADE,
          pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
          created_day INTEGER NOT NULL,
          schedule INTEGER CHECK (schedule IS NULL OR schedule BETWEEN 1 AND 127),
          record_count INTEGER NOT NULL DEFAULT 0,
          first_record_day INTEGER
        );
        CREATE INDEX tracker_by_category ON tracker(category_id);
        CREATE TABLE record (
          tracker INTEGER NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
          day INTEGER NOT NULL,
          PRIMARY KEY (tracker, day)
        ) WITHOUT ROWID;
        CREATE INDEX record_by_day ON record(day, tracker);
        CREATE TABLE setting (
          key TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        """),
    Migration(
      version: 2, name: "statistics summaries: streaks per tracker, records and done habits per day",
      sql: """
        ALTER TABLE tracker ADD COLUMN last_record_day INTEGER;
        ALTER TABLE tracker ADD COLUMN best_streak INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tracker ADD COLUMN last_run INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE day_summary (
          day INTEGER PRIMARY KEY,
          records INTEGER NOT NULL,
          done_due INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO day_summary (day, records, done_due)
          SELECT record.day, COUNT(*), \(doneDueSum) FROM record JOIN tracker ON tracker.number = record.tracker
          GROUP BY record.day;
        """),
    Migration(
      version: sealsVersion, name: "row seals: a checksum of every category, tracker, setting and summary",
      sql: """
        ALTER TABLE category ADD COLUMN seal INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tracker ADD COLUMN seal INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tracker ADD COLUMN summary_seal INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE setting ADD COLUMN seal INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE day_summary ADD COLUMN seal INTEGER NOT NULL DEFAULT 0;
        """,
      // The streaks of version 2 are computed here too: reading a tracker checks its seal.
      after: { database in
        try TrackerRows.sealEveryRow(database)
        let numbers = try database.prepare("SELECT number FROM tracker").rows { $0.int(0) }
        for number in numbers {
          try TrackerRows.refreshStreaks(number, in: database, readingDaysOff: false)
        }
      }),
    Migration(
      version: daysOffVersion, name: "days off: a tracker not due on a day (a vacation)",
      sql: """
        CREATE TABLE day_off (
          tracker INTEGER NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
          day INTEGER NOT NULL,
          PRIMARY KEY (tracker, day)
        ) WITHOUT ROWID;
        CREATE INDEX day_off_by_day ON day_off(day, tracker);
        """),
    Migration(
      version: measuresVersion, name: "measurable trackers, quotas, amounts and notes",
      sql: """
        CREATE TABLE tracker_goal (
          tracker INTEGER PRIMARY KEY NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
          unit TEXT,
          target INTEGER CHECK (target IS NULL OR target > 0),
          direction TEXT CHECK (direction IS NULL OR direction IN ('at-least', 'at-most')),
          quota_count INTEGER CHECK (quota_count IS NULL OR quota_count BETWEEN 1 AND 30),
          quota_period TEXT CHECK (quota_period IS NULL OR quota_period IN ('week', 'month')),
          seal INTEGER NOT NULL,
          CHECK ((unit IS NULL) = (target IS NULL) AND (unit IS NULL) = (direction IS NULL)),
          CHECK ((quota_count IS NULL) = (quota_period IS NULL)),
          CHECK (unit IS NOT NULL OR quota_count IS NOT NULL)
        );
        ALTER TABLE record ADD COLUMN amount INTEGER CHECK (amount IS NULL OR amount >= 0);
        CREATE TABLE note (
          tracker INTEGER NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
          day INTEGER NOT NULL,
          text TEXT NOT NULL,
          seal INTEGER NOT NULL,
          PRIMARY KEY (tracker, day)
        ) WITHOUT ROWID;
        CREATE INDEX note_by_day ON note(day, tracker);
        """),
    Migration(
      version: syncVersion, name: "sync through a shared folder: the merge's fields, logs read, this device",
      sql: """
        CREATE TABLE sync_field (
          entity TEXT NOT NULL,
          id TEXT NOT NULL,
          field TEXT NOT NULL,
          value TEXT NOT NULL,
          clock TEXT NOT NULL,
          device TEXT NOT NULL,
          PRIMARY KEY (entity, id, field)
        ) WITHOUT ROWID;
        CREATE TABLE sync_read (
          device TEXT PRIMARY KEY NOT NULL,
          sequence INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE sync_state (
          key TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
        """),
    Migration(
      version: syncEditsVersion,
      name: "sync: every change stamped when it is made (sync_edit and its triggers)",
      sql: syncEditsSQL),
    Migration(version: remindersVersion, name: "reminders for each habit", sql: remindersSQL),
    Migration(version: arrangementVersion, name: "archive and order", sql: arrangementSQL),
    Migration(version: quitHabitsVersion, name: "habits to quit: a target of 0 at most", sql: quitHabitsSQL),
    Migration(
      version: pacesVersion, name: "N times in Y days, and targets of a week or a month", sql: pacesSQL),
  ]

  /// The triggers that name a tracker's `measure` and `kind` fields changed by a write to
  /// `tracker_goal` (schema 7), made again when schema 10 makes the table anew.
  static let goalEditTriggers = goalEditTriggers(measureAlso: "", kindAlso: "")

  /// `goalEditTriggers`, the update trigger also naming `measure` and `kind` changed when the SQL
  /// conditions `measureAlso` and `kindAlso` (each starting with " OR ") hold: schema 11's new
  /// columns.
  static func goalEditTriggers(measureAlso: String, kindAlso: String) -> String {
    """
    CREATE TRIGGER sync_edit_goal_insert AFTER INSERT ON tracker_goal
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', tracker.id, column1, NULL FROM tracker,
          (VALUES ('measure', NEW.unit IS NOT NULL), ('kind', NEW.quota_count IS NOT NULL))
        WHERE tracker.number = NEW.tracker AND column2
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    CREATE TRIGGER sync_edit_goal_update AFTER UPDATE ON tracker_goal
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', tracker.id, column1, NULL FROM tracker,
          (VALUES ('measure', OLD.unit IS NOT NEW.unit OR OLD.target IS NOT NEW.target
              OR OLD.direction IS NOT NEW.direction\(measureAlso)),
            ('kind', OLD.quota_count IS NOT NEW.quota_count OR OLD.quota_period IS NOT NEW.quota_period\(kindAlso)))
        WHERE tracker.number = NEW.tracker AND column2
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    CREATE TRIGGER sync_edit_goal_delete AFTER DELETE ON tracker_goal
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', tracker.id, column1, NULL FROM tracker,
          (VALUES ('measure', OLD.unit IS NOT NULL), ('kind', OLD.quota_count IS NOT NULL))
        WHERE tracker.number = OLD.tracker AND column2
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    """
  }

  /// The version that lets a measurable habit's target be 0 at most (a habit to quit, issue 49):
  /// `tracker_goal` made anew with that check, its rows and its triggers as they were.
  package static let quitHabitsVersion = 10

  package static let quitHabitsSQL = """
    CREATE TABLE tracker_goal_new (
      tracker INTEGER PRIMARY KEY NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
      unit TEXT,
      target INTEGER CHECK (target IS NULL OR target > 0 OR (target = 0 AND direction = 'at-most')),
      direction TEXT CHECK (direction IS NULL OR direction IN ('at-least', 'at-most')),
      quota_count INTEGER CHECK (quota_count IS NULL OR quota_count BETWEEN 1 AND 30),
      quota_period TEXT CHECK (quota_period IS NULL OR quota_period IN ('week', 'month')),
      seal INTEGER NOT NULL,
      CHECK ((unit IS NULL) = (target IS NULL) AND (unit IS NULL) = (direction IS NULL)),
      CHECK ((quota_count IS NULL) = (quota_period IS NULL)),
      CHECK (unit IS NOT NULL OR quota_count IS NOT NULL)
    );
    INSERT INTO tracker_goal_new (tracker, unit, target, direction, quota_count, quota_period, seal)
      SELECT tracker, unit, target, direction, quota_count, quota_period, seal FROM tracker_goal;
    DROP TABLE tracker_goal;
    ALTER TABLE tracker_goal_new RENAME TO tracker_goal;
    \(goalEditTriggers)
    """

  /// The version that added windows ("N times in Y days": `quota_period` 'days' with Y in
  /// `quota_days`) and period targets (`target_period`, a week or a month) to `tracker_goal`
  /// (issue 49), made anew with the checks that keep them whole, its rows as they were and its
  /// triggers naming `kind` and `measure` for the new columns too.
  package static let pacesVersion = 11

  package static let pacesSQL = """
    CREATE TABLE tracker_goal_new (
      tracker INTEGER PRIMARY KEY NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
      unit TEXT,
      target INTEGER CHECK (target IS NULL OR target > 0 OR (target = 0 AND direction = 'at-most')),
      direction TEXT CHECK (direction IS NULL OR direction IN ('at-least', 'at-most')),
      quota_count INTEGER CHECK (quota_count IS NULL OR quota_count BETWEEN 1 AND 30),
      quota_period TEXT CHECK (quota_period IS NULL OR quota_period IN ('week', 'month', 'days')),
      seal INTEGER NOT NULL,
      quota_days INTEGER CHECK (quota_days IS NULL OR (quota_days BETWEEN 2 AND 31 AND quota_count < quota_days)),
      target_period TEXT CHECK (target_period IS NULL OR target_period IN ('week', 'month')),
      CHECK ((unit IS NULL) = (target IS NULL) AND (unit IS NULL) = (direction IS NULL)),
      CHECK ((quota_count IS NULL) = (quota_period IS NULL)),
      CHECK ((quota_days IS NOT NULL) = (quota_period IS 'days')),
      CHECK (quota_days IS NULL OR unit IS NULL),
      CHECK (target_period IS NULL OR (unit IS NOT NULL AND quota_count IS NULL)),
      CHECK (unit IS NOT NULL OR quota_count IS NOT NULL)
    );
    INSERT INTO tracker_goal_new (tracker, unit, target, direction, quota_count, quota_period, seal)
      SELECT tracker, unit, target, direction, quota_count, quota_period, seal FROM tracker_goal;
    DROP TABLE tracker_goal;
    ALTER TABLE tracker_goal_new RENAME TO tracker_goal;
    \(goalEditTriggers(
      measureAlso: " OR OLD.target_period IS NOT NEW.target_period",
      kindAlso: " OR OLD.quota_days IS NOT NEW.quota_days"))
    """

  /// The version that added archiving and the order the user gives (`tracker_arrangement`,
  /// docs/data-format.md).
  package static let arrangementVersion = 9

  /// `tracker_arrangement`: a sealed row for each tracker that is archived or was given a place
  /// in the order (no row: not archived, order 0, as every tracker before this version). Its two
  /// columns travel as the tracker's `archived` and `order` fields, each named only when it
  /// changed, so a move on one device and an archive on another both stay.
  package static let arrangementSQL = """
    CREATE TABLE tracker_arrangement (
      tracker INTEGER PRIMARY KEY NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
      archived INTEGER NOT NULL CHECK (archived IN (0, 1)),
      position INTEGER NOT NULL,
      seal INTEGER NOT NULL
    );
    \(arrangementEditTrigger("insert_archived", "INSERT", "NEW", "archived", when: "NEW.archived = 1"))
    \(arrangementEditTrigger("insert_order", "INSERT", "NEW", "order", when: "NEW.position != 0"))
    \(arrangementEditTrigger("update_archived", "UPDATE", "NEW", "archived", when: "OLD.archived IS NOT NEW.archived"))
    \(arrangementEditTrigger("update_order", "UPDATE", "NEW", "order", when: "OLD.position IS NOT NEW.position"))
    \(arrangementEditTrigger("delete_archived", "DELETE", "OLD", "archived", when: "OLD.archived = 1"))
    \(arrangementEditTrigger("delete_order", "DELETE", "OLD", "order", when: "OLD.position != 0"))
    DROP TRIGGER IF EXISTS sync_edit_tracker_insert;
    CREATE TRIGGER sync_edit_tracker_insert AFTER INSERT ON tracker
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', NEW.id, column1, NULL FROM (VALUES ('name'), ('emoji'), ('color'), ('category'),
          ('kind'), ('measure'), ('pinned'), ('created'), ('reminders'), ('archived'), ('order')) WHERE true
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    """

  /// The trigger that names a tracker's `field` changed by `event` on `tracker_arrangement`, when
  /// `when` holds (the value differs from what the tracker had).
  private static func arrangementEditTrigger(
    _ name: String, _ event: String, _ row: String, _ field: String, when condition: String
  ) -> String {
    """
    CREATE TRIGGER sync_edit_arrangement_\(name) AFTER \(event) ON tracker_arrangement
      WHEN EXISTS (SELECT 1 FROM sync_tracking) AND \(condition) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', tracker.id, '\(field)', NULL FROM tracker WHERE tracker.number = \(row).tracker
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    """
  }

  /// The version that added each habit's reminders (`tracker_reminder`, docs/data-format.md).
  package static let remindersVersion = 8

  /// `tracker_reminder`: one sealed row per reminder, a tracker's time of day (minutes since
  /// midnight) unique; `days` a weekday mask (Monday bit 0) or NULL for the days the tracker is
  /// due; `if_not_done` 1 when it stays silent on a day already done. Its changes travel as the
  /// tracker's one `reminders` field, so two devices' edits cannot combine into a list neither
  /// made; a new tracker's insert trigger names that field too.
  package static let remindersSQL = """
    CREATE TABLE tracker_reminder (
      tracker INTEGER NOT NULL REFERENCES tracker(number) ON DELETE CASCADE,
      minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),
      days INTEGER CHECK (days IS NULL OR days BETWEEN 1 AND 127),
      if_not_done INTEGER NOT NULL CHECK (if_not_done IN (0, 1)),
      seal INTEGER NOT NULL,
      PRIMARY KEY (tracker, minute)
    ) WITHOUT ROWID;
    \(reminderEditTrigger("insert", "INSERT", "NEW"))
    \(reminderEditTrigger("update", "UPDATE", "NEW"))
    \(reminderEditTrigger("delete", "DELETE", "OLD"))
    DROP TRIGGER IF EXISTS sync_edit_tracker_insert;
    CREATE TRIGGER sync_edit_tracker_insert AFTER INSERT ON tracker
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', NEW.id, column1, NULL FROM (VALUES ('name'), ('emoji'), ('color'), ('category'),
          ('kind'), ('measure'), ('pinned'), ('created'), ('reminders')) WHERE true
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    """

  /// The trigger that names a tracker's `reminders` field changed by `event` on `tracker_reminder`.
  private static func reminderEditTrigger(_ name: String, _ event: String, _ row: String) -> String {
    """
    CREATE TRIGGER sync_edit_reminder_\(name) AFTER \(event) ON tracker_reminder
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', tracker.id, 'reminders', NULL FROM tracker WHERE tracker.number = \(row).tracker
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    """
  }

  /// The version that stamps each change when it is made, by every writer (docs/sync.md, "Stamped
  /// when made"): once the file has joined a folder, triggers on every table that travels name the
  /// field a statement changed in `sync_edit`, with no clock; the store's write stamps them with
  /// the hybrid clock before it commits (`stampEdits`), and a sync sends each field with the stamp
  /// of its last change.
  package static let syncEditsVersion = 7

  /// The triggers that name a tracker's day changed in `table` (its records, days off or notes)
  /// as the sync key `entity`/`<tracker id>/<yyyy-mm-dd>`/`field`: on an insert, on a delete, and
  /// on an update of the column `updateOf` that changed it.
  private static func dayEditTriggers(table: String, entity: String, field: String, updateOf: String?)
    -> String
  {
    func trigger(_ name: String, _ event: String, _ row: String, when: String = "") -> String {
      """
      CREATE TRIGGER sync_edit_\(table)_\(name) AFTER \(event) ON \(table)
        WHEN EXISTS (SELECT 1 FROM sync_tracking)\(when) BEGIN
        INSERT INTO sync_edit (entity, id, field, clock)
          SELECT '\(entity)', tracker.id || '/' || date(\(row).day * 86400, 'unixepoch'), '\(field)', NULL
          FROM tracker WHERE tracker.number = \(row).tracker
          ON CONFLICT DO UPDATE SET clock = NULL;
      END;
      """
    }
    let update = updateOf.map {
      trigger("update", "UPDATE OF \($0)", "NEW", when: " AND OLD.\($0) IS NOT NEW.\($0)") + "\n"
    }
    return trigger("insert", "INSERT", "NEW") + "\n" + (update ?? "") + trigger("delete", "DELETE", "OLD")
  }

  /// Takes a file back to before `syncEditsVersion` (tests that make older files drop what later
  /// versions added): the reminders (their table takes its triggers along), the triggers, then the
  /// table.
  package static var dropSyncEditsSQL: String {
    let triggers = syncEditsSQL.components(separatedBy: "CREATE TRIGGER ").dropFirst().map {
      "DROP TRIGGER " + $0.prefix { $0 != " " && $0 != "\n" } + ";"
    }
    return "DROP TABLE tracker_arrangement; DROP TABLE tracker_reminder; " + triggers.joined(separator: " ")
      + " DROP TABLE sync_edit; DROP TABLE sync_tracking;"
  }

  /// `sync_edit` and the triggers that fill it. The triggers are plain SQL, so a change made by
  /// any program (even the `sqlite3` shell) is named; it is stamped by the next write or sync.
  package static let syncEditsSQL = """
    CREATE TABLE sync_edit (
      entity TEXT NOT NULL,
      id TEXT NOT NULL,
      field TEXT NOT NULL,
      clock INTEGER,
      PRIMARY KEY (entity, id, field)
    ) WITHOUT ROWID;
    CREATE INDEX sync_edit_unstamped ON sync_edit(entity) WHERE clock IS NULL;
    -- A row here once the data file has joined a folder: before, there is nothing to stamp (its
    -- first sync sends everything as new); and none while a sync writes the merge into the
    -- tables (what it writes is no change made here).
    CREATE TABLE sync_tracking (tracking INTEGER PRIMARY KEY);
    INSERT INTO sync_tracking SELECT 1 WHERE EXISTS (SELECT 1 FROM sync_state WHERE key = 'device');

    CREATE TRIGGER sync_edit_category_insert AFTER INSERT ON category
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit VALUES ('category', NEW.id, 'title', NULL)
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    CREATE TRIGGER sync_edit_category_update AFTER UPDATE OF title ON category
      WHEN EXISTS (SELECT 1 FROM sync_tracking) AND OLD.title IS NOT NEW.title BEGIN
      INSERT INTO sync_edit VALUES ('category', NEW.id, 'title', NULL)
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    CREATE TRIGGER sync_edit_category_delete AFTER DELETE ON category
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit VALUES ('category', OLD.id, 'deleted', NULL)
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;

    CREATE TRIGGER sync_edit_tracker_insert AFTER INSERT ON tracker
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', NEW.id, column1, NULL FROM (VALUES ('name'), ('emoji'), ('color'), ('category'),
          ('kind'), ('measure'), ('pinned'), ('created')) WHERE true
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    CREATE TRIGGER sync_edit_tracker_update
      AFTER UPDATE OF name, emoji, color, category_id, pinned, created_day, schedule ON tracker
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit (entity, id, field, clock)
        SELECT 'tracker', NEW.id, column1, NULL FROM (VALUES ('name', OLD.name IS NOT NEW.name),
          ('emoji', OLD.emoji IS NOT NEW.emoji), ('color', OLD.color IS NOT NEW.color),
          ('category', OLD.category_id IS NOT NEW.category_id), ('pinned', OLD.pinned IS NOT NEW.pinned),
          ('created', OLD.created_day IS NOT NEW.created_day), ('kind', OLD.schedule IS NOT NEW.schedule))
        WHERE column2
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    CREATE TRIGGER sync_edit_tracker_delete AFTER DELETE ON tracker
      WHEN EXISTS (SELECT 1 FROM sync_tracking) BEGIN
      INSERT INTO sync_edit VALUES ('tracker', OLD.id, 'deleted', NULL)
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;

    \(goalEditTriggers)

    \(dayEditTriggers(table: "record", entity: "record", field: "mark", updateOf: "amount"))
    \(dayEditTriggers(table: "day_off", entity: "day-off", field: "off", updateOf: nil))
    \(dayEditTriggers(table: "note", entity: "note", field: "text", updateOf: "text"))

    CREATE TRIGGER sync_edit_day_start_insert AFTER INSERT ON setting WHEN EXISTS (SELECT 1 FROM sync_tracking) AND NEW.key = 'day_start' BEGIN
      INSERT INTO sync_edit VALUES ('settings', 'shared', 'dayStart', NULL)
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    CREATE TRIGGER sync_edit_day_start_update AFTER UPDATE OF value ON setting
      WHEN EXISTS (SELECT 1 FROM sync_tracking) AND NEW.key = 'day_start' AND OLD.value IS NOT NEW.value BEGIN
      INSERT INTO sync_edit VALUES ('settings', 'shared', 'dayStart', NULL)
        ON CONFLICT DO UPDATE SET clock = NULL;
    END;
    """

  /// The version that added sync through a shared folder (`sync_field`, `sync_read`, `sync_state`;
  /// docs/sync.md).
  package static let syncVersion = 6

  /// The version that added measurable trackers and quotas (`tracker_goal`), amounts on records
  /// and notes.
  package static let measuresVersion = 5

  /// The version that added days off.
  package static let daysOffVersion = 4

  /// The version that added `RowSeal`s.
  package static let sealsVersion = 3

  /// Per group of records, how many are of a habit due on their day: bit (weekday, Monday 0) of the
  /// schedule. `(day % 7 + 10) % 7` is the weekday of a day number for any sign.
  package static let doneDueSum = """
    COALESCE(SUM(CASE WHEN tracker.schedule IS NOT NULL
      AND (tracker.schedule >> ((record.day % 7 + 10) % 7)) & 1 THEN 1 ELSE 0 END), 0)
    """

  /// The index the main screen and the statistics read records through; bulk imports drop and
  /// recreate it.
  package static let recordByDayIndex = "CREATE INDEX record_by_day ON record(day, tracker)"

  /// The newest version this code knows.
  package static var latestVersion: Int { migrations.last?.version ?? 0 }

  package static let createMigrationTable = """
    CREATE TABLE IF NOT EXISTS schema_migration (
      version INTEGER PRIMARY KEY NOT NULL,
      name TEXT NOT NULL
    )
    """
}
