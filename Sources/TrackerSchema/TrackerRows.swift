import Foundation
import TrackerModels
import TrackerSQLite

/// How the tracker's rows are written and read: the columns, the seals of the rows and summaries,
/// and the decoding of each row into a value (checked as it is read). Shared by the store, the
/// schema's checks and migrations, and the salvage of a broken file, which reads rows the same way.
package enum TrackerRows {}
