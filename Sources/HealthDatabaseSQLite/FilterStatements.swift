import GRDB

extension Database {
    /// A prepared statement for SQL built from a filter: GRDB's cached statement when the SQL has few parameters,
    /// a fresh one otherwise.
    ///
    /// GRDB keeps every cached statement for the life of the connection. SQL built from a filter repeats its
    /// shape for the same predicate, but a filter over a set of UUIDs, sources or ids has one parameter per
    /// member, so every set size is a new statement; a long-running process (the importer's existence checks, a
    /// server answering many apps) would cache without bound: importing 10,000,000 records had grown the heap by
    /// about 20 MB of cached statements. Caching only SQL with at most ``cachedParameterLimit`` parameters keeps the
    /// cache to the shapes that repeat.
    func filterStatement(sql: String) throws -> Statement {
        Self.cachesStatement(sql: sql) ? try cachedStatement(sql: sql) : try makeStatement(sql: sql)
    }

    /// Whether ``filterStatement(sql:)`` keeps the statement for `sql`: at most ``cachedParameterLimit`` parameters.
    static func cachesStatement(sql: String) -> Bool {
        var parameters = 0
        for byte in sql.utf8 where byte == UInt8(ascii: "?") { parameters += 1 }
        return parameters <= cachedParameterLimit
    }

    /// The most parameters of a filter's SQL kept in the statement cache.
    static let cachedParameterLimit = 32
}
