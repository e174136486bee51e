import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// Versioned migrations: applied on open, once, even when processes open a new database at the same moment.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct MigrationTests {
    @Test("four processes opening a new schema at once migrate it once")
    func concurrentOpen() throws {
        let schema = TestServer.freshSchema()
        let errors = ConcurrentWriterTests.Seen()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do { _ = try TestServer.separateDatabase(schema: schema) } catch { errors.fail("\(error)") }
        }
        #expect(errors.failures.isEmpty, "\(errors.failures)")
        let database = try TestServer.separateDatabase(schema: schema)
        #expect(try database.textRows("SELECT version::text FROM schema_version ORDER BY version") == [["1"], ["2"], ["3"]])
        let storage = try database.storage(owner: "someone")
        _ = try storage.save([OwnerIsolationTests.sample(1)])
        #expect(try storage.count(matching: .all) == 1)
    }

    @Test("a schema a newer OpenHealthKit migrated is refused, untouched")
    func newerSchemaRefused() throws {
        let schema = TestServer.freshSchema()
        let database = try TestServer.separateDatabase(schema: schema)
        _ = try database.textRows("INSERT INTO schema_version (version) VALUES (7)")
        #expect(throws: StorageError.unsupportedSchema(found: 7, supported: 3)) { _ = try TestServer.separateDatabase(schema: schema) }
        #expect(try database.textRows("SELECT max(version)::text FROM schema_version") == [["7"]])
    }

    @Test("a version-1 schema with data is brought to version 3: no foreign keys to types, sources and devices, statistics on owner and source; data kept")
    func version1Upgraded() throws {
        let schema = TestServer.freshSchema()
        let database = try TestServer.separateDatabase(schema: schema)
        let storage = try database.storage(owner: "someone")
        let kept = OwnerIsolationTests.sample(1)
        _ = try storage.save([kept])
        let foreignKeys = """
            SELECT con.conname::text FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
            WHERE con.contype = 'f' AND n.nspname = $1 ORDER BY 1
            """
        #expect(try database.textRows(foreignKeys, [schema]) == [["field_owner_id_sample_uuid_fkey"], ["stat_raw_owner_id_sample_uuid_fkey"]])
        // The schema as migration 1 left it: its five foreign keys back, no extended statistics, versions 2 and 3 not applied.
        for statement in [
            "ALTER TABLE sample ADD FOREIGN KEY (type_id) REFERENCES object_type (id)",
            "ALTER TABLE sample ADD FOREIGN KEY (owner_id, source_id) REFERENCES source (owner_id, id)",
            "ALTER TABLE sample ADD FOREIGN KEY (owner_id, device_id) REFERENCES device (owner_id, id)",
            "ALTER TABLE tombstone ADD FOREIGN KEY (type_id) REFERENCES object_type (id)",
            "ALTER TABLE tombstone ADD FOREIGN KEY (owner_id, source_id) REFERENCES source (owner_id, id)",
            "DROP STATISTICS sample_owner_source",
            "DELETE FROM schema_version WHERE version >= 2",
        ] { _ = try database.textRows(statement) }
        let statistics = "SELECT s.stxname::text FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace WHERE n.nspname = $1"
        #expect(try database.textRows(statistics, [schema]).isEmpty)
        #expect(try database.textRows(foreignKeys, [schema]).count == 7)
        let reopened = try TestServer.separateDatabase(schema: schema)
        #expect(try reopened.textRows("SELECT max(version)::text FROM schema_version") == [["3"]])
        #expect(try reopened.textRows(foreignKeys, [schema]).count == 2)
        #expect(try reopened.textRows(statistics, [schema]) == [["sample_owner_source"]])
        let again = try reopened.storage(owner: "someone")
        #expect(try again.records(matching: .all, sort: [], limit: nil) == [kept])
        _ = try again.save([OwnerIsolationTests.sample(2)])
        #expect(try again.count(matching: .all) == 2)
    }

    @Test("a URL that is not PostgreSQL's, or a server that is not there, fails with a message naming it")
    func badLocations() throws {
        #expect(throws: StorageError.unavailable("'mysql://x@y/z' is not a postgres:// URL")) {
            _ = try PostgresHealthDatabase(url: "mysql://x@y/z")
        }
        do {
            _ = try PostgresHealthDatabase(url: "postgres://nobody:secret@127.0.0.1:1/none")
            Issue.record("a closed port opened")
        } catch let error as StorageError {
            #expect(error.description.contains("127.0.0.1:1"))
            #expect(!error.description.contains("secret"), "the password stays out of messages")
        }
    }
}
