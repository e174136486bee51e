import Foundation
import HealthDatabase
import OpenHealthKit
import Testing

/// Key paths built from parts (`%K.%K`, `metadata.%K`, `metadata.Key`), nil comparisons for metadata keys,
/// and UUID arguments passed `as CVarArg`, as Apple's HealthKit documentation writes them.
@Suite struct PredicateFormatKeyPathTests {
    let key = HKMetadataKeyHeartRateMotionContext

    @Test func metadataKeyPathsFromPartsAllMeanTheSameField() throws {
        let active = HKHeartRateMotionContext.active.rawValue
        let expected = try sampleFilter(from: HKQuery.predicateForObjects(withMetadataKey: key, operatorType: .equalTo, value: active))
        for predicate in [
            NSPredicate(format: "%K.%K == %d", HKPredicateKeyPathMetadata, key, active),
            NSPredicate(format: "metadata.%K == %d", key, active),
            NSPredicate(format: "%K.HKMetadataKeyHeartRateMotionContext == %d", HKPredicateKeyPathMetadata, active),
            NSPredicate(format: "metadata.HKMetadataKeyHeartRateMotionContext == %@", NSNumber(value: active)),
            NSPredicate(format: "%K == %d", "\(HKPredicateKeyPathMetadata).\(key)", active),
        ] {
            let filter = try sampleFilter(from: predicate)
            #expect(filter == expected, "\(filter)")
        }
        let text = NSPredicate(format: "%K.%K == %@", HKPredicateKeyPathMetadata, HKMetadataKeyExternalUUID, "run-42")
        #expect(try sampleFilter(from: text) == .field(HKMetadataKeyExternalUUID, .equal, .text("run-42")))
    }

    @Test func nilTestsWhetherAKeyIsPresent() throws {
        let present = NSPredicate(format: "%K.%K != nil", HKPredicateKeyPathMetadata, key)
        #expect(try sampleFilter(from: present) == sampleFilter(from: HKQuery.predicateForObjects(withMetadataKey: key)))
        #expect(try sampleFilter(from: NSPredicate(format: "metadata.%K == NIL", key)) == .not(.fieldExists(key)))
        let combined = NSPredicate(format: "%K.%K != nil AND %K.%K == YES", HKPredicateKeyPathMetadata, key,
                                   HKPredicateKeyPathMetadata, HKMetadataKeyWasUserEntered)
        #expect(try sampleFilter(from: combined) == .and([.fieldExists(key), .field(HKMetadataKeyWasUserEntered, .equal, .bool(true))]))
    }

    @Test func nilOnlyWithEqualityOnKeysThatCanBeAbsent() {
        for predicate in [NSPredicate(format: "%K.%K > nil", HKPredicateKeyPathMetadata, key),
                          NSPredicate(format: "%K != nil", HKPredicateKeyPathStartDate),
                          NSPredicate(format: "metadata. == nil"),
                          NSPredicate(format: "%K. != nil", HKPredicateKeyPathMetadata)] {
            #expect(throws: HKError.self) { try sampleFilter(from: predicate) }
        }
    }

    @Test func aUUIDPassedAsCVarArg() throws {
        let uuid = UUID()
        let predicate = NSPredicate(format: "%K == %@", HKPredicateKeyPathUUID, uuid as CVarArg)
        #expect(try sampleFilter(from: predicate) == .uuids([uuid]))
        // In a C variadic list it is its uuidString, as `%@` prints an NSUUID.
        #expect(String(format: "%@", uuid as CVarArg) == uuid.uuidString)
    }

    @Test func queriesRunWithMetadataKeyPaths() async throws {
        let store = try await QueryFixture.store()
        let sedentary = QueryFixture.steps(10, minutes: 0, metadata: [key: HKHeartRateMotionContext.sedentary.rawValue])
        let active = QueryFixture.steps(20, minutes: 60, metadata: [key: HKHeartRateMotionContext.active.rawValue])
        let plain = QueryFixture.steps(30, minutes: 120)
        try await store.save([sedentary, active, plain])
        func uuids(_ predicate: NSPredicate) async throws -> Set<UUID> {
            Set(try await QueryFixture.samples(store, predicate: predicate).map(\.uuid))
        }
        #expect(try await uuids(NSPredicate(format: "%K.%K != nil", HKPredicateKeyPathMetadata, key)) == [sedentary.uuid, active.uuid])
        #expect(try await uuids(NSPredicate(format: "%K.%K == nil", HKPredicateKeyPathMetadata, key)) == [plain.uuid])
        let activeOnly = NSPredicate(format: "%K.%K == %d", HKPredicateKeyPathMetadata, key, HKHeartRateMotionContext.active.rawValue)
        #expect(try await uuids(activeOnly) == [active.uuid])
        #expect(try await uuids(NSPredicate(format: "%K == %@", HKPredicateKeyPathUUID, plain.uuid as CVarArg)) == [plain.uuid])
    }
}
