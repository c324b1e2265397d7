// The persistence layer (DESIGN.md §2, §6): the SQLite and in-memory implementations of the store
// protocol, migrations, change observation, export and import. Built by the persistence issue (#3);
// nothing in this target is usable yet, and nothing pretends to be.
import CSQLite

/// The version of the SQLite library this build links against, e.g. "3.40.1".
public var sqliteLibraryVersion: String { String(cString: sqlite3_libversion()) }
