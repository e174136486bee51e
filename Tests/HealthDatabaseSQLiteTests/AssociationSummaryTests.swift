import Foundation
import TestSupport
import HealthDatabase
import HealthDatabaseSQLite
import Testing

/// Moving stored samples under a workout (`save(_:associating:)`) re-keys their rows: the statistics summaries,
/// which refer to samples by row, must follow.
struct AssociationSummaryTests {
    static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    static let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")

    static func sample(_ value: Double, _ start: TimeInterval, _ end: TimeInterval) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: energy, startDate: Date(timeIntervalSince1970: start),
                     endDate: Date(timeIntervalSince1970: end), quantity: value, unit: "kcal", originalQuantity: value, source: source)
    }

    @Test func summariesFollowMovedSamplesAndGoWithTheirWorkout() throws {
        let storage = try SQLiteHealthStorage(path: TemporaryFiles.folder
            .appendingPathComponent("openhealthkit-association-\(UUID().uuidString).sqlite").path)
        try storage.prepareSlotSums()
        let workout = SampleRecord(uuid: UUID(), kind: .workout, type: "HKWorkoutTypeIdentifier",
                                   startDate: Date(timeIntervalSince1970: 0), endDate: Date(timeIntervalSince1970: 1800),
                                   source: Self.source, payload: Data("workout".utf8))
        let crossing = Self.sample(100, 600, 1200), inside = Self.sample(60, 0, 300)
        _ = try storage.save([workout, crossing, inside])
        let sums = try storage.slotSums(type: Self.energy, slots: nil)
        #expect(try storage.rawSamples(type: Self.energy).map(\.uuid) == [crossing.uuid])

        let outcome = try storage.save([], associating: SampleAssociation(parent: workout.uuid, members: [crossing.uuid, inside.uuid]))
        #expect(outcome.associated == [crossing.uuid, inside.uuid])
        #expect(try storage.rawSamples(type: Self.energy).map(\.uuid) == [crossing.uuid], "the raw row follows its sample")
        #expect(try storage.slotSums(type: Self.energy, slots: nil) == sums)

        _ = try storage.delete(uuids: [workout.uuid], source: nil)
        #expect(try storage.rawSamples(type: Self.energy).isEmpty)
        #expect(try storage.slotSums(type: Self.energy, slots: nil).isEmpty)
    }
}
