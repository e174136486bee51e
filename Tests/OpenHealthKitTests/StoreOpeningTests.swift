import Foundation
import OpenHealthKit
import OpenHealthKitSQLite
import Testing

@Suite struct StoreOpeningTests {
    @Test func theDatabaseComesFromTheEnvironmentOrTheDataDirectory() {
        #expect(HKHealthStore.defaultDatabasePath(environment: ["OPENHEALTHKIT_DATABASE": "/tmp/x.sqlite"]) == "/tmp/x.sqlite")
        #if !canImport(Darwin)
        #expect(HKHealthStore.defaultDatabasePath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])
                == "/data/openhealthkit/health.sqlite")
        #expect(HKHealthStore.defaultDatabasePath(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/openhealthkit/health.sqlite")
        #endif
    }

    @Test func aFileStoreIsCreatedWithItsFolder() throws {
        let path = StoreFixture.temporaryDatabasePath()
        let store = try HKHealthStore(databasePath: path, app: StoreFixture.app())
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(store.app.bundleIdentifier == StoreFixture.appID)
        #expect(HKHealthStore.isHealthDataAvailable() && store.supportsHealthRecords())
    }

    @Test func theDefaultStoreOpensTheDatabaseNamedByTheEnvironment() async throws {
        await #expect(processExitsWith: .success) {
            let path = StoreFixture.temporaryDatabasePath()
            setenv("OPENHEALTHKIT_DATABASE", path, 1)
            setenv("OPENHEALTHKIT_APP", "org.example.default", 1)
            setenv("OPENHEALTHKIT_AUTHORIZATION", "allow", 1)
            let store = HKHealthStore()
            try await store.requestAuthorization(toShare: [StoreFixture.stepCount], read: [])
            try await store.save(StoreFixture.steps())
            guard store.app.bundleIdentifier == "org.example.default", FileManager.default.fileExists(atPath: path) else { exit(1) }
        }
    }

    @Test func aDefaultStoreThatCannotOpenFailsEveryOperation() async throws {
        await #expect(processExitsWith: .success) {
            setenv("OPENHEALTHKIT_DATABASE", "/proc/no/such/place/health.sqlite", 1)
            let store = HKHealthStore()
            do {
                try await store.requestAuthorization(toShare: [StoreFixture.stepCount], read: [])
                exit(1)
            } catch let error as HKError where error.code == .errorDatabaseInaccessible {
                guard store.authorizationStatus(for: StoreFixture.stepCount) == .notDetermined else { exit(1) }
            }
        }
    }
}
