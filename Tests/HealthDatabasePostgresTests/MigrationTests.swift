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
        #expect(try database.textRows("SELECT version::text FROM schema_version") == [["1"]])
        let storage = try database.storage(owner: "someone")
        _ = try storage.save([OwnerIsolationTests.sample(1)])
        #expect(try storage.count(matching: .all) == 1)
    }

    @Test("a schema a newer OpenHealthKit migrated is refused, untouched")
    func newerSchemaRefused() throws {
        let schema = TestServer.freshSchema()
        let database = try TestServer.separateDatabase(schema: schema)
        _ = try database.textRows("INSERT INTO schema_version (version) VALUES (7)")
        #expect(throws: StorageError.unsupportedSchema(found: 7, supported: 1)) { _ = try TestServer.separateDatabase(schema: schema) }
        #expect(try database.textRows("SELECT max(version)::text FROM schema_version") == [["7"]])
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
