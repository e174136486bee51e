import Foundation
import OpenHealthKit
import OpenHealthKitPostgres
import Testing
import TestSupport

/// `HKHealthStore()` on PostgreSQL: `OPENHEALTHKIT_DATABASE=postgres://…?owner=NAME` opens that person's store (each
/// test in a child process of its own, as the variable is read by the whole process).
@Suite(.enabled(if: TestPostgres.url != nil || TestPostgres.required, Comment(rawValue: TestPostgres.missingMessage)))
struct DefaultStoreTests {
    @Test("HKHealthStore() saves into the person's store the variable names, which the owner then reads")
    func defaultStoreOnPostgres() async throws {
        let owner = "default-" + UUID().uuidString
        let database = try TestEngine.postgresStoreURL(owner: owner)
        await #expect(processExitsWith: .success) { [database = database as String] in
            setenv("OPENHEALTHKIT_DATABASE", database, 1)
            setenv("OPENHEALTHKIT_AUTHORIZATION", "allow", 1)
            let store = HKHealthStore()
            try await store.requestAuthorization(toShare: [PostgresStoreTests.steps], read: [])
            try await store.save(PostgresStoreTests.steps(42, minutes: 0))
        }
        let reader = try HKHealthStore.owner(postgres: PostgresStoreTests.url(), owner: owner)
        let query = HKSampleQueryDescriptor(predicates: [.quantitySample(type: PostgresStoreTests.steps)], sortDescriptors: [])
        #expect(try await query.result(for: reader).map { $0.quantity.doubleValue(for: .count()) } == [42])
    }

    @Test("a URL naming no person, or a server that is not there, fails every operation naming it, never the password")
    func badDefaultStore() async throws {
        let url = try #require(TestPostgres.url)
        for (database, reason) in [(url, "names no person: add ?owner=NAME"),
                                   ("postgres://someone:secret@127.0.0.1:1/x?owner=a", "@127.0.0.1:1/x")] {
            await #expect(processExitsWith: .success) { [database = database as String, reason = reason as String] in
                setenv("OPENHEALTHKIT_DATABASE", database, 1)
                let store = HKHealthStore()
                do {
                    try await store.save(PostgresStoreTests.steps(1, minutes: 0))
                    exit(1)
                } catch let error as HKError where error.code == .errorDatabaseInaccessible {
                    let message = error.localizedDescription
                    guard message.contains(reason), !message.contains("secret"),
                          store.authorizationStatus(for: PostgresStoreTests.steps) == .notDetermined else { exit(2) }
                }
            }
        }
    }
}
