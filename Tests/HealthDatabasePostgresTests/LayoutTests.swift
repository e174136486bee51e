import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// The live schema obeys Citus's rules (docs/PostgreSQL.md): read from `pg_catalog`, not from the code that made it.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct LayoutTests {
    /// Every way `schema` breaks the rules: a table without `owner_id`; a key or index of a distributed table not led
    /// by `owner_id`; a foreign key that neither matches `owner_id` with `owner_id` nor points at a reference table; a
    /// table neither list names.
    static func violations(in database: PostgresHealthDatabase, schema: String) throws -> [String] {
        let reference = Set(PostgresHealthDatabase.referenceTables)
        let tables = Set(try database.textRows("""
            SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
            """, [schema]).compactMap { $0[0] })
        var problems: [String] = []
        let declared = reference.union(PostgresHealthDatabase.distributedTables)
        problems += tables.subtracting(declared).map { "table \($0) is neither a reference table nor distributed" }
        problems += declared.subtracting(tables).map { "table \($0) is missing" }
        let withOwner = Set(try database.textRows("""
            SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'owner_id' AND NOT a.attisdropped
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
            """, [schema]).compactMap { $0[0] })
        problems += tables.subtracting(reference).subtracting(withOwner).map { "table \($0) has no owner_id" }
        // Every index (primary keys and unique constraints have one each) of a distributed table starts with owner_id.
        for row in try database.textRows("""
            SELECT c.relname::text, i.relname::text, coalesce(a.attname::text, 'an expression'), x.indisunique::text
            FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = x.indkey[0]
            WHERE n.nspname = $1
            """, [schema]) {
            guard let table = row[0], let index = row[1], !reference.contains(table), row[2] != "owner_id" else { continue }
            problems.append("\(row[3] == "true" ? "unique " : "")index \(index) of \(table) starts with \(row[2] ?? "?"), not owner_id")
        }
        // Foreign keys: owner_id matched with owner_id (co-located), or pointing at a reference table; never from a
        // reference table to a distributed one.
        for row in try database.textRows("""
            SELECT src.relname::text, dst.relname::text, con.conname::text,
                   coalesce(array_position(con.conkey, sa.attnum)::text, 'none'), coalesce(array_position(con.confkey, da.attnum)::text, 'none')
            FROM pg_constraint con JOIN pg_class src ON src.oid = con.conrelid JOIN pg_class dst ON dst.oid = con.confrelid
            JOIN pg_namespace n ON n.oid = src.relnamespace
            LEFT JOIN pg_attribute sa ON sa.attrelid = src.oid AND sa.attname = 'owner_id'
            LEFT JOIN pg_attribute da ON da.attrelid = dst.oid AND da.attname = 'owner_id'
            WHERE con.contype = 'f' AND n.nspname = $1
            """, [schema]) {
            guard let source = row[0], let target = row[1], let name = row[2] else { continue }
            if reference.contains(source) && !reference.contains(target) {
                problems.append("foreign key \(name) points from reference table \(source) to distributed \(target)")
            } else if !reference.contains(target) && (row[3] == "none" || row[3] != row[4]) {
                problems.append("foreign key \(name) from \(source) to \(target) does not pair owner_id with owner_id")
            }
        }
        return problems.sorted()
    }

    @Test("every key and index of a distributed table leads with owner_id; foreign keys are co-located or to reference tables")
    func citusRules() throws {
        let database = try TestServer.database()
        #expect(try Self.violations(in: database, schema: TestServer.schema) == [])
    }

    @Test("the check finds a key without owner_id, a foreign key across owners and an undeclared table")
    func checkFindsViolations() throws {
        let schema = TestServer.freshSchema()
        let database = try TestServer.separateDatabase(schema: schema)
        #expect(try Self.violations(in: database, schema: schema) == [])
        _ = try database.textRows("CREATE UNIQUE INDEX sample_uuid_alone ON sample (uuid)")
        _ = try database.textRows("ALTER TABLE field ADD FOREIGN KEY (sample_uuid) REFERENCES sample (uuid)")
        _ = try database.textRows("CREATE TABLE stray (id int PRIMARY KEY)")
        let found = try Self.violations(in: database, schema: schema)
        #expect(found.contains("unique index sample_uuid_alone of sample starts with uuid, not owner_id"))
        #expect(found.contains { $0.hasPrefix("foreign key field_sample_uuid_fkey") && $0.hasSuffix("does not pair owner_id with owner_id") })
        #expect(found.contains("table stray is neither a reference table nor distributed"))
        #expect(found.contains("table stray has no owner_id"))
    }

    @Test("the Citus statements name every table once, reference tables first")
    func citusStatements() throws {
        let statements = try TestServer.database().citusStatements
        let tables = PostgresHealthDatabase.referenceTables + PostgresHealthDatabase.distributedTables
        #expect(statements.count == tables.count)
        #expect(statements[0] == "SELECT create_reference_table('\"\(TestServer.schema)\".\"\(PostgresHealthDatabase.referenceTables[0])\"');")
        #expect(statements.contains("SELECT create_distributed_table('\"\(TestServer.schema)\".\"sample\"', 'owner_id', colocate_with => '\"\(TestServer.schema)\".\"owner_state\"');"))
    }
}
