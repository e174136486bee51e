import HealthDatabase
import HealthDatabaseConformance
import HealthDatabasePostgres
import Testing
import TestSupport

/// The engine-agnostic conformance suite, on PostgreSQL: each check on the empty store of a new owner.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct ConformanceTests {
    @Test("conformance, on PostgreSQL", arguments: StorageConformance.checks)
    func conformance(_ check: ConformanceCheck) throws {
        try StorageConformance { try TestServer.freshStorage() }.run(check)
    }
}
