import Foundation
import HealthDatabase
import PostgresNIO

extension PostgresHealthDatabase {
    /// The tables every owner shares, to be Citus reference tables (`object_type`, `owner_directory`,
    /// `schema_version`): small, rarely written, without `owner_id`.
    public static var referenceTables: [String] { Schema.referenceTables.sorted() }

    /// Every other table, each with `owner_id` leading its keys: Citus distributes them by `owner_id`, co-located.
    public static var distributedTables: [String] { Schema.distributedTables }

    /// The statements that turn this schema into a Citus cluster's (run once on the coordinator, after the first open
    /// created the tables and before the data grows): reference tables first, then the distributed ones, each
    /// co-located with `owner_state`, the first. See docs/PostgreSQL.md.
    public var citusStatements: [String] {
        let qualified = { (table: String) in "\(Schema.quoted(self.schema)).\(Schema.quoted(table))" }
        let reference = Self.referenceTables.map { "SELECT create_reference_table('\(qualified($0))');" }
        let first = Self.distributedTables[0]
        let distributed = Self.distributedTables.map { table in
            "SELECT create_distributed_table('\(qualified(table))', 'owner_id'"
                + (table == first ? ");" : ", colocate_with => '\(qualified(first))');")
        }
        return reference + distributed
    }

    /// Runs `sql` (with `$1`, `$2`, … bound to `parameters` as text) and returns every cell as text, for tests and
    /// tools that inspect the live schema (`pg_catalog`). Cast non-text columns with `::text`.
    package func textRows(_ sql: String, _ parameters: [String] = []) throws -> [[String?]] {
        try run("inspecting the schema") { session in
            var text = sql
            for index in parameters.indices.reversed() { text = text.replacingOccurrences(of: "$\(index + 1)", with: "?::text") }
            let rows = try session.rows(SQL(text, parameters.map { .text($0) }))
            return try rows.map { row in try row.makeRandomAccess().map { try $0.decode(String?.self) } }
        }
    }
}
