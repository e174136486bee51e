import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

@Suite("State of mind: HKStateOfMind, its valence bands, storage and predicates")
struct StateOfMindTests {
    typealias F = StoreFixture
    static let day = Date(timeIntervalSince1970: 1_726_000_000)
    static let type = HKObjectType.stateOfMindType()

    @Test("valence bands: seven equal bands over -1...1, nil outside; the checked twin rejects a valence out of range")
    func classification() throws {
        typealias V = HKStateOfMind.ValenceClassification
        #expect([-1, -0.8, -0.5, -0.2, 0, 1.0 / 7, 0.2, 0.5, 0.8, 1].map { V(valence: $0) }
                == [.veryUnpleasant, .veryUnpleasant, .unpleasant, .slightlyUnpleasant, .neutral, .neutral, .slightlyPleasant,
                    .pleasant, .veryPleasant, .veryPleasant])
        #expect(V(valence: 1.01) == nil && V(valence: -.infinity) == nil && V(valence: .nan) == nil)
        #expect(HKStateOfMind.Label.satisfied.rawValue == 38 && HKStateOfMind.Association.weather.rawValue == 18)
        #expect(throws: HKError.self) {
            try HKStateOfMind.checked(date: Self.day, kind: .dailyMood, valence: 1.5, labels: [], associations: [])
        }
        let mind = HKStateOfMind(date: Self.day, kind: .momentaryEmotion, valence: -0.6, labels: [.stressed], associations: [.work])
        #expect(mind.valenceClassification == .unpleasant && mind.startDate == Self.day && mind.endDate == Self.day)
        #expect(mind.metadata == nil)
    }

    @Test("saved logs come back from the file with their values; predicates by label, association, kind and valence")
    func storeAndPredicates() async throws {
        let path = F.temporaryDatabasePath()
        let store = try await QueryFixture.store(storage: try SQLiteHealthStorage(path: path), types: [Self.type])
        let calm = HKStateOfMind(date: Self.day, kind: .momentaryEmotion, valence: 0.5, labels: [.calm, .grateful],
                                 associations: [.family], metadata: ["Prompt": "evening"])
        let stressed = HKStateOfMind(date: Self.day.addingTimeInterval(3600), kind: .momentaryEmotion, valence: -0.7,
                                     labels: [.stressed, .drained], associations: [.work, .tasks])
        let daily = HKStateOfMind(date: Self.day.addingTimeInterval(7200), kind: .dailyMood, valence: 0.1, labels: [.content],
                                  associations: [.family, .fitness])
        try await store.save([calm, stressed, daily])

        let reopened = try await QueryFixture.store(storage: try SQLiteHealthStorage(path: path), types: [Self.type])
        let all = try await QueryFixture.samples(reopened, Self.type, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: true)])
        let first = try #require(all.first as? HKStateOfMind)
        #expect(all.map(\.uuid) == [calm.uuid, stressed.uuid, daily.uuid])
        #expect(first.kind == .momentaryEmotion && first.valence == 0.5 && first.labels == [.calm, .grateful])
        #expect(first.associations == [.family] && first.metadata?["Prompt"] as? String == "evening")

        func uuids(_ predicate: NSPredicate) async throws -> Set<UUID> {
            Set(try await HKSampleQueryDescriptor(predicates: [.stateOfMind(predicate)], sortDescriptors: []).result(for: reopened).map(\.uuid))
        }
        #expect(try await uuids(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Label.stressed)) == [stressed.uuid])
        #expect(try await uuids(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Association.family)) == [calm.uuid, daily.uuid])
        #expect(try await uuids(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Kind.dailyMood)) == [daily.uuid])
        #expect(try await uuids(HKQuery.predicateForStatesOfMind(withValence: 0, operatorType: .lessThan)) == [stressed.uuid])

        let data = try NSKeyedArchiver.archivedData(withRootObject: first, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKStateOfMind.self, from: data))
        #expect(restored.labels == first.labels && restored.associations == first.associations && restored.valence == 0.5)
    }
}
