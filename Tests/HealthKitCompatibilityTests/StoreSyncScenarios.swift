// Sync identifiers and sources as the HKMetadataKeySyncIdentifier / HKMetadataKeySyncVersion pages and
// WWDC's sync session describe them, and the "only my app's data" and device filters apps build on
// HKSource.default() and HKDevice.
import Foundation
import HealthKit
import Testing

@Suite("Store scenarios: sync versions inside correlations, own-source and device filters")
struct StoreSyncScenarios {
    let morning = Date(timeIntervalSince1970: 1_710_057_600)
    let mmHg = HKUnit.millimeterOfMercury()
    let systolicType = HKQuantityType(.bloodPressureSystolic)
    let diastolicType = HKQuantityType(.bloodPressureDiastolic)

    private func bloodPressureStore(_ device: ScenarioDevice) async throws -> HKHealthStore {
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: [systolicType, diastolicType], read: [systolicType, diastolicType])
        return healthStore
    }

    private func pressure(_ type: HKQuantityType, _ value: Double, syncID: String? = nil, version: Int = 1) -> HKQuantitySample {
        let metadata: [String: Any]? = syncID.map { [HKMetadataKeySyncIdentifier: $0, HKMetadataKeySyncVersion: version] }
        return HKQuantitySample(type: type, quantity: HKQuantity(unit: mmHg, doubleValue: value), start: morning, end: morning, metadata: metadata)
    }

    private func readings(_ healthStore: HKHealthStore) async throws -> [HKCorrelation] {
        try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(HKCorrelationQuery(type: HKCorrelationType(.bloodPressure), predicate: nil, samplePredicates: nil) { _, results, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: results ?? []) }
            })
        }
    }

    private func values(_ reading: HKCorrelation, _ type: HKQuantityType) -> [Double] {
        reading.objects(for: type).compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: mmHg) }
    }

    @Test func aNewerVersionOfAMemberReplacesItInsideItsCorrelation() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await bloodPressureStore(device)
        let reading = HKCorrelation(type: HKCorrelationType(.bloodPressure), start: morning, end: morning,
                                    objects: [pressure(systolicType, 128, syncID: "cuff-42-systolic"), pressure(diastolicType, 84)])
        try await healthStore.save(reading)

        // The cuff's app corrects the systolic value: version 2 of the same sync identifier.
        let corrected = pressure(systolicType, 132, syncID: "cuff-42-systolic", version: 2)
        try await healthStore.save(corrected)

        // "If the old object is … part of a correlation, the system also replaces the old object in the correlation."
        let systolics = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: systolicType)], sortDescriptors: []).result(for: healthStore)
        #expect(systolics.map(\.uuid) == [corrected.uuid])
        let stored = try await readings(healthStore)
        #expect(stored.count == 1)
        let first = try #require(stored.first)
        #expect(values(first, diastolicType) == [84])
        #expect(values(first, systolicType) == [132])
        #expect(first.objects(for: systolicType).map(\.uuid) == [corrected.uuid])
    }

    @Test func aNewerVersionOfACorrelationReplacesTheReading() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await bloodPressureStore(device)
        func reading(_ high: Double, _ low: Double, version: Int) -> HKCorrelation {
            HKCorrelation(type: HKCorrelationType(.bloodPressure), start: morning, end: morning,
                          objects: [pressure(systolicType, high), pressure(diastolicType, low)],
                          metadata: [HKMetadataKeySyncIdentifier: "reading-7", HKMetadataKeySyncVersion: version])
        }
        try await healthStore.save(reading(120, 80, version: 1))
        let second = reading(125, 82, version: 2)
        try await healthStore.save(second)

        let stored = try await readings(healthStore)
        #expect(stored.map(\.uuid) == [second.uuid])
        let current = try #require(stored.first)
        #expect(current.metadata?[HKMetadataKeySyncVersion] as? Int == 2)
        // The reading holds its own two values; the replaced reading's values go with it.
        let systolics = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: systolicType)], sortDescriptors: []).result(for: healthStore)
        #expect(values(current, systolicType) == [125])
        #expect(values(current, diastolicType) == [82])
        #expect(systolics.map { $0.quantity.doubleValue(for: mmHg) } == [125])
    }

    @Test func anEqualVersionNeverDuplicates() async throws {
        let device = try ScenarioDevice()
        let healthStore = try await bloodPressureStore(device)
        let original = pressure(systolicType, 118, syncID: "manual-1", version: 3)
        try await healthStore.save(original)
        // A resend of the same version (a retry after a timeout) does not add a second copy.
        try? await healthStore.save(pressure(systolicType, 118, syncID: "manual-1", version: 3))
        let systolics = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: systolicType)], sortDescriptors: []).result(for: healthStore)
        #expect(systolics.map(\.uuid) == [original.uuid])
    }

    @Test func onlyThisAppsSamplesWithHKSourceDefault() async throws {
        let device = try ScenarioDevice()
        let stepType = HKQuantityType(.stepCount)
        let healthStore = device.healthStoreForThisProcess()
        let coach = device.healthStore(app: ScenarioDevice.coachApp)
        for store in [healthStore, coach] {
            try await store.requestAuthorization(toShare: [stepType], read: [stepType])
        }
        let mine = HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: 42), start: morning, end: morning)
        try await healthStore.save(mine)
        try await coach.save(HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: 7), start: morning, end: morning))

        let ownData = HKQuery.predicateForObjects(from: HKSource.default())
        let own = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepType, predicate: ownData)],
                                                    sortDescriptors: []).result(for: healthStore)
        #expect(own.map(\.uuid) == [mine.uuid])
        #expect(own.first?.sourceRevision.source == HKSource.default())
        // The delete-my-data button.
        #expect(try await healthStore.deleteObjects(of: stepType, predicate: ownData) == 1)
        let left = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: stepType)], sortDescriptors: []).result(for: healthStore)
        #expect(left.map { $0.quantity.doubleValue(for: .count()) } == [7])
    }

    @Test func samplesFromOneDevice() async throws {
        let device = try ScenarioDevice()
        let glucoseType = HKQuantityType(.bloodGlucose)
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: [glucoseType], read: [glucoseType])
        let meter = HKDevice(name: "Contour", manufacturer: "Ascensia", model: "Next One", hardwareVersion: nil, firmwareVersion: "1.2",
                             softwareVersion: nil, localIdentifier: "meter-7", udiDeviceIdentifier: nil)
        let mgdL = HKUnit(from: "mg/dL")
        func glucose(_ value: Double, minutes: Double, device: HKDevice?) -> HKQuantitySample {
            let date = morning.addingTimeInterval(minutes * 60)
            return HKQuantitySample(type: glucoseType, quantity: HKQuantity(unit: mgdL, doubleValue: value), start: date, end: date,
                                    device: device, metadata: [HKMetadataKeyBloodGlucoseMealTime: HKBloodGlucoseMealTime.preprandial.rawValue])
        }
        try await healthStore.save([glucose(95, minutes: 0, device: meter), glucose(140, minutes: 90, device: meter),
                                    glucose(102, minutes: 30, device: nil)])

        let fromMeter = HKQuery.predicateForObjects(from: [meter])
        let meterReadings = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: glucoseType, predicate: fromMeter)],
                                                              sortDescriptors: [SortDescriptor(\.startDate)]).result(for: healthStore)
        #expect(meterReadings.map { $0.quantity.doubleValue(for: mgdL) } == [95, 140])
        #expect(meterReadings.first?.device?.manufacturer == "Ascensia")
        #expect(meterReadings.first?.device?.localIdentifier == "meter-7")

        let byManufacturer = HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyManufacturer, allowedValues: ["Ascensia"])
        let sameResult = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: glucoseType, predicate: byManufacturer)],
                                                           sortDescriptors: []).result(for: healthStore)
        #expect(sameResult.count == 2)

        // Before meals, in mmol/L, as a diabetes app shows them.
        let beforeMeals = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyBloodGlucoseMealTime, operatorType: .equalTo,
                                                      value: HKBloodGlucoseMealTime.preprandial.rawValue)
        let mmolL = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())
        let preprandial = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: glucoseType, predicate: beforeMeals)],
                                                            sortDescriptors: [SortDescriptor(\.startDate)]).result(for: healthStore)
        #expect(preprandial.count == 3)
        let first = try #require(preprandial.first).quantity.doubleValue(for: mmolL)
        #expect(abs(first - 95 / 18.015588000005408) < 1e-9)
    }
}
