import FluentKit
import SQLKit

extension Database {
    /// The same database as SQLKit sees it, for bulk reads and single-statement writes.
    var sql: any SQLDatabase {
        // Both drivers' databases (SQLite and PostgreSQL) are SQL databases.
        self as! any SQLDatabase
    }
}
