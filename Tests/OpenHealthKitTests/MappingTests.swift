import Foundation
import HealthDatabase
import Testing
@testable import OpenHealthKit

/// Round trips through `ObjectMapping`: record(from:) then object(from:) gives back an equal object.
@Suite struct MappingTests {
    static let start = Date(timeIntervalSinceReferenceDate: 700_000_000.25)
    static let end = start.addingTimeInterval(90)
    static let revision = HKSourceRevision(source: HKSource(name: "Tracker", bundleIdentifier: "org.example.tracker"), version: "4.2",
                                           productType: "iPhone15,2", operatingSystemVersion: OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 1))
    static let device = HKDevice(name: "Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
                                 firmwareVersion: nil, softwareVersion: "9.1", localIdentifier: nil, udiDeviceIdentifier: "0123")
    static var metadata: [String: Any] { [
        HKMetadataKeyWasUserEntered: true, "Note": "after lunch", "Reps": 12, "Ratio": 0.75,
        "When": Date(timeIntervalSinceReferenceDate: 650_000_000), HKMetadataKeySyncIdentifier: "sync-1", HKMetadataKeySyncVersion: 3,
        "Dose": HKQuantity(unit: HKUnit(from: "mg"), doubleValue: 250),
    ] }

    /// Maps `object` to records and back.
    static func roundTrip<T: HKSample>(_ object: T) throws -> T {
        let records = try ObjectMapping.records(from: object)
        let rebuilt = try ObjectMapping.object(from: records[0], children: Array(records.dropFirst()))
        return try #require(rebuilt as? T)
    }

    /// Checks what every kind shares.
    static func expectCommon(_ copy: HKSample, _ original: HKSample) {
        #expect(copy.uuid == original.uuid)
        #expect(copy.startDate == original.startDate && copy.endDate == original.endDate)
        #expect(copy.sampleType == original.sampleType)
        #expect(copy.sourceRevision == original.sourceRevision)
        #expect(copy.device == original.device)
        #expect(Set(copy.metadata?.keys.map { $0 } ?? []) == Set(original.metadata?.keys.map { $0 } ?? []))
    }

    @Test func quantitySampleKeepsUnitValueClassAndMetadata() throws {
        let type = HKQuantityType(.heartRate)
        let sample = HKQuantitySample(type: type, quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 72), count: 1,
                                      start: Self.start, end: Self.end, uuid: UUID(), sourceRevision: Self.revision, device: Self.device, metadata: Self.metadata)
        let record = try ObjectMapping.record(from: sample)
        #expect(record.kind == .quantity)
        #expect(record.quantity == 72.0 * HKUnit(from: "count/min").factorToBase / type.canonicalUnit.factorToBase)
        #expect(record.unit == "count/min" && record.originalQuantity == 72)
        #expect(record.syncIdentifier == "sync-1" && record.syncVersion == 3)
        #expect(record.source.operatingSystemVersion == "17.4.1")
        #expect(record.device?.properties[HKDevicePropertyKeyUDIDeviceIdentifier] == "0123")
        let copy = try Self.roundTrip(sample as HKQuantitySample)
        #expect(copy is HKDiscreteQuantitySample)
        #expect(copy.quantity.originalUnit.unitString == "count/min" && copy.quantity.originalValue == 72)
        Self.expectCommon(copy, sample)
        let metadata = try #require(copy.metadata)
        #expect(metadata[HKMetadataKeyWasUserEntered] as? Bool == true)
        #expect(metadata["Note"] as? String == "after lunch")
        #expect(metadata["Reps"] as? Int == 12)
        #expect(metadata["Ratio"] as? Double == 0.75)
        #expect(metadata["When"] as? Date == Self.metadata["When"] as? Date)
        #expect(metadata[HKMetadataKeySyncVersion] as? Int == 3)
        let dose = try #require(metadata["Dose"] as? HKQuantity)
        #expect(dose.originalUnit.unitString == "mg" && dose.originalValue == 250)
    }

    @Test func cumulativeSampleComesBackCumulative() throws {
        let sample = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 1200),
                                                  start: Self.start, end: Self.end)
        let copy = try Self.roundTrip(sample)
        #expect(copy is HKCumulativeQuantitySample)
        #expect(copy.quantity == sample.quantity && copy.count == 1)
    }

    @Test func quantityMetadataStoresBaseValue() throws {
        let field = MetadataMapping.quantityField(HKQuantity(unit: HKUnit(from: "degC"), doubleValue: 20))
        guard case .quantity(let base, let text) = field else { Issue.record("not a quantity field"); return }
        #expect(abs(base - 293.15) < 1e-9)
        #expect(text == "20.0 degC")
    }

    @Test func categorySample() throws {
        let sample = try HKCategorySample.checked(type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepREM.rawValue,
                                                  start: Self.start, end: Self.end, device: Self.device, metadata: ["Room": "north"])
        let record = try ObjectMapping.record(from: sample)
        #expect(record.kind == .category && record.categoryValue == 5)
        let copy = try Self.roundTrip(sample)
        #expect(copy.value == sample.value)
        #expect(copy.metadata?["Room"] as? String == "north")
        Self.expectCommon(copy, sample)
    }

    @Test func correlationMembersHaveParentAndComeBack() throws {
        let systolic = try HKQuantitySample.checked(type: HKQuantityType(.bloodPressureSystolic),
                                                    quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 120), start: Self.start, end: Self.start)
        let diastolic = try HKQuantitySample.checked(type: HKQuantityType(.bloodPressureDiastolic),
                                                     quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: 80), start: Self.start, end: Self.start)
        let correlation = try HKCorrelation.checked(type: HKCorrelationType(.bloodPressure), start: Self.start, end: Self.start,
                                                    objects: [systolic, diastolic], metadata: ["Arm": "left"])
        let records = try ObjectMapping.records(from: correlation)
        #expect(records.count == 3 && records[0].kind == .correlation)
        #expect(records.dropFirst().allSatisfy { $0.parent == correlation.uuid })
        let copy = try Self.roundTrip(correlation)
        Self.expectCommon(copy, correlation)
        #expect(copy.objects == correlation.objects)
        let members = copy.objects.compactMap { $0 as? HKQuantitySample }.sorted { $0.quantity.originalValue < $1.quantity.originalValue }
        #expect(members.map(\.quantity.originalValue) == [80, 120])
    }

    @Test func unsupportedMetadataIsAnErrorNamingTheKey() throws {
        #expect(throws: HKError.self) { try MetadataMapping.fields(from: ["Bad": [1, 2]]) }
        do { _ = try MetadataMapping.fields(from: ["Bad": [1, 2]]) } catch { #expect(error.localizedDescription.contains("Bad")) }
    }

    @Test func sourceRevisionWithWildcardsRoundTrips() {
        let revision = HKSourceRevision(source: HKSource(name: "A", bundleIdentifier: "a"), version: nil)
        let back = SourceMapping.revision(from: SourceMapping.record(from: revision))
        #expect(back == revision)
        #expect(SourceMapping.record(from: revision).operatingSystemVersion == "0.0.0")
    }
}
