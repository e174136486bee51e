import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// The tests' way to the server (``TestPostgres``): every store a test opens is a new owner, so tests run in
/// parallel on one schema without meeting; tests that need schemas of their own make fresh ones.
enum TestServer {
    /// Whether the server is configured (tests are enabled by it).
    static let available = TestPostgres.url != nil

    /// The schema the tests' owners live in.
    static let schema = "ohk_tests"

    /// The database object this test process shares (as a server process would).
    static func database() throws -> PostgresHealthDatabase {
        try PostgresHealthDatabase.shared(url: try #require(TestPostgres.url), schema: schema)
    }

    /// A database object of its own, as another process would have (its own pool and listener).
    static func separateDatabase(schema: String = schema) throws -> PostgresHealthDatabase {
        try PostgresHealthDatabase(url: try #require(TestPostgres.url), schema: schema)
    }

    /// The empty store of a new owner.
    static func freshStorage() throws -> PostgresHealthStorage {
        try database().storage(owner: "test-" + UUID().uuidString)
    }

    /// A schema name no test used before.
    static func freshSchema() -> String {
        "ohk_test_" + UUID().uuidString.prefix(8).lowercased()
    }
}

/// Fails the run when CI has no server configured (every other test here is then skipped, and would hide that).
@Test("a PostgreSQL server is configured where it must be")
func serverConfiguredInCI() {
    if TestPostgres.required && TestPostgres.url == nil {
        Issue.record("CI is set but OPENHEALTHKIT_TEST_POSTGRES is not: the PostgreSQL engine went untested")
    } else if TestPostgres.url == nil {
        print(TestPostgres.missingMessage)
    }
}
