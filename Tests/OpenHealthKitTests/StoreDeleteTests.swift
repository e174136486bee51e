import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

@Suite struct StoreDeleteTests {
    typealias F = StoreFixture

    @Test func deletingAnEmptyArrayIsInvalid() async throws {
        let store = try await StoreSaveTests.authorizedStore()
        await expectHKError(.errorInvalidArgument) { try await store.delete([HKObject]()) }
    }

    @Test func anAppDeletesItsOwnObjectsLeavingTombstones() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let store = try await StoreSaveTests.authorizedStore(storage: storage)
        let sample = F.syncedSteps(5, id: "s", version: 1)
        try await store.save(sample)
        try await store.delete(sample)
        #expect(try storage.count(matching: .all) == 0)
        let changes = try storage.changes(after: 0, matching: .all, limit: nil).changes
        #expect(changes.contains { if case .deleted(let tombstone) = $0 { tombstone.uuid == sample.uuid } else { false } })
    }

    @Test func anotherAppsObjectsCannotBeDeleted() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let owner = try await StoreSaveTests.authorizedStore(storage: storage, app: F.otherAppID)
        let theirs = F.steps(1)
        try await owner.save(theirs)
        let store = try await StoreSaveTests.authorizedStore(storage: storage)
        let mine = F.steps(2)
        try await store.save(mine)
        await expectHKError(.errorAuthorizationDenied) { try await store.delete([mine, theirs]) }
        #expect(try storage.count(matching: .all) == 2)
    }

    @Test func deletingNeedsSharingAuthorization() async throws {
        let store = try F.store(prompt: FixedAuthorizationPrompt(allows: false))
        await expectHKError(.errorAuthorizationNotDetermined) { try await store.delete(F.steps()) }
    }

    @Test func deleteObjectsCountsOnlyTheAppsOwnMatches() async throws {
        let storage = try SQLiteHealthStorage.inMemory()
        let owner = try await StoreSaveTests.authorizedStore(storage: storage, app: F.otherAppID)
        try await owner.save(F.steps(1))
        let store = try await StoreSaveTests.authorizedStore(storage: storage)
        try await store.save([F.steps(2), F.steps(3, start: Date(timeIntervalSince1970: 1_800_000_000))])
        let predicate = HKQuery.predicateForSamples(withStart: Date(timeIntervalSince1970: 1_600_000_000),
                                                    end: Date(timeIntervalSince1970: 1_750_000_000), options: [])
        let count = try await store.deleteObjects(of: F.stepCount, predicate: predicate)
        #expect(count == 1)
        #expect(try storage.count(matching: .all) == 2)
    }

    @Test func deleteObjectsReportsTheCountToItsCompletion() async throws {
        let store = try await StoreSaveTests.authorizedStore()
        try await store.save([F.steps(1), F.steps(2)])
        let count = await withCheckedContinuation { continuation in
            store.deleteObjects(of: F.stepCount, predicate: NSPredicate(value: true)) { _, count, _ in continuation.resume(returning: count) }
        }
        #expect(count == 2)
    }
}
