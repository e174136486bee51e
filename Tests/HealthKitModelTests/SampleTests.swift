import Foundation
import HealthKitModel
import Testing

@Suite("Quantity, category and correlation samples")
struct SampleTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let steps = HKQuantity(unit: .count(), doubleValue: 120)

    @Test func checkedQuantitySampleReturnsTheSubclassForTheAggregationStyle() throws {
        let cumulative = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start + 60)
        let sum = try #require(cumulative as? HKCumulativeQuantitySample)
        #expect(sum.sumQuantity.doubleValue(for: .count()) == 120)
        #expect(cumulative.count == 1)

        let bpm = HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 64)
        let discrete = try HKQuantitySample.checked(type: HKQuantityType(.heartRate), quantity: bpm, start: start, end: start)
        let measurement = try #require(discrete as? HKDiscreteQuantitySample)
        #expect(measurement.averageQuantity == bpm && measurement.minimumQuantity == bpm && measurement.maximumQuantity == bpm)
        #expect(measurement.mostRecentQuantityDateInterval == DateInterval(start: start, end: start))
    }

    @Test func subclassInitialisersAreInheritedAsInHealthKit() {
        let sample = HKCumulativeQuantitySample(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start + 1)
        #expect(sample.sumQuantity == steps)
        #expect(sample.sourceRevision.source == HKSource.default())
    }

    @Test func incompatibleUnitIsRejectedWithTheTypeAndUnitNamed() {
        let kilograms = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 70)
        #expect {
            _ = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: kilograms, start: start, end: start)
        } throws: { error in
            let message = (error as? HKError)?.localizedDescription ?? ""
            return (error as? HKError)?.code == .errorInvalidArgument
                && message.contains("HKQuantityTypeIdentifierStepCount") && message.contains("kg")
        }
    }

    @Test func endBeforeStartIsRejected() {
        #expect(throws: HKError.self) {
            _ = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start - 1)
        }
        #expect(throws: HKError.self) {
            _ = try HKCategorySample.checked(type: HKCategoryType(.mindfulSession), value: 0, start: start, end: start - 1)
        }
    }

    @Test func metadataRulesApplyToSamples() throws {
        #expect(throws: HKError.self) {
            _ = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start,
                                             metadata: [HKMetadataKeySyncIdentifier: "abc"])
        }
        #expect(throws: HKError.self) {
            _ = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start,
                                             metadata: ["custom": [1, 2, 3]])
        }
        let ok = try HKQuantitySample.checked(
            type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start,
            metadata: [HKMetadataKeySyncIdentifier: "abc", HKMetadataKeySyncVersion: 2, HKMetadataKeyTimeZone: "Europe/Berlin"])
        #expect(ok.metadata?[HKMetadataKeyTimeZone] as? String == "Europe/Berlin")
    }

    @Test func categoryValuesMustBelongToTheTypesEnumeration() throws {
        let sleep = HKCategoryType(.sleepAnalysis)
        let core = try HKCategorySample.checked(type: sleep, value: HKCategoryValueSleepAnalysis.asleepCore.rawValue, start: start, end: start + 3600)
        #expect(core.value == 3)
        #expect {
            _ = try HKCategorySample.checked(type: sleep, value: 42, start: start, end: start + 1)
        } throws: { error in
            (error as? HKError)?.localizedDescription.contains("42") == true
        }
        #expect(throws: HKError.self) {
            _ = try HKCategorySample.checked(type: HKCategoryType(.mindfulSession), value: 1, start: start, end: start)
        }
    }

    @Test func correlationsTakeOnlyTheirMemberTypes() throws {
        let mmHg = HKUnit.millimeterOfMercury()
        let systolic = try HKQuantitySample.checked(type: HKQuantityType(.bloodPressureSystolic),
                                                    quantity: HKQuantity(unit: mmHg, doubleValue: 118), start: start, end: start)
        let diastolic = try HKQuantitySample.checked(type: HKQuantityType(.bloodPressureDiastolic),
                                                     quantity: HKQuantity(unit: mmHg, doubleValue: 76), start: start, end: start)
        let reading = try HKCorrelation.checked(type: HKCorrelationType(.bloodPressure), start: start, end: start,
                                                objects: [systolic, diastolic])
        #expect(reading.objects(for: HKQuantityType(.bloodPressureDiastolic)) == [diastolic])
        let stepSample = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start)
        #expect(throws: HKError.self) {
            _ = try HKCorrelation.checked(type: HKCorrelationType(.bloodPressure), start: start, end: start, objects: [systolic, stepSample])
        }
        let nested = try HKCorrelation.checked(type: HKCorrelationType(.bloodPressure), start: start, end: start, objects: [])
        #expect(throws: HKError.self) {
            _ = try HKCorrelation.checked(type: HKCorrelationType(.food), start: start, end: start, objects: [nested])
        }
        let energy = try HKQuantitySample.checked(type: HKQuantityType(.dietaryEnergyConsumed),
                                                  quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 250), start: start, end: start)
        let food = try HKCorrelation.checked(type: HKCorrelationType(.food), start: start, end: start, objects: [energy],
                                             metadata: [HKMetadataKeyFoodType: "Bagel"])
        #expect(food.objects.count == 1)
    }

    @Test func objectsCompareByUUID() throws {
        let a = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start)
        let b = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: steps, start: start, end: start)
        #expect(a != b)
        #expect(Set<HKSample>([a, a, b]).count == 2)
        #expect(!a.hasUndeterminedDuration)
        let open = try HKCategorySample.checked(type: HKCategoryType(.pregnancy), value: 0, start: start, end: .distantFuture)
        #expect(open.hasUndeterminedDuration)
    }

    @Test func deletedObjectsKeepOnlySyncMetadata() {
        let deleted = HKDeletedObject(uuid: UUID(), metadata: [HKMetadataKeySyncIdentifier: "s", HKMetadataKeySyncVersion: 3,
                                                               HKMetadataKeyWasUserEntered: true])
        #expect(deleted.metadata?.count == 2)
        #expect(deleted.metadata?[HKMetadataKeyWasUserEntered] == nil)
        #expect(HKDeletedObject(uuid: UUID(), metadata: [HKMetadataKeyWasUserEntered: true]).metadata == nil)
    }
}
