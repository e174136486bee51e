// One app's life with HealthKit from first launch, in the order Apple's articles walk through it: check
// availability, ask for authorization, save water intake, read it back, total it with a statistics query, undo a
// mistaken entry, and let a sync engine see the deletion through an anchored query.
import Foundation
import HealthKit
import Testing

@Suite("App flow: authorize, save, query, total, delete, sync")
struct AppFlowScenarios {
    /// 2024-03-10 00:00:00 UTC.
    let day = Date(timeIntervalSince1970: 1_710_028_800)
    let water = HKQuantityType(.dietaryWater)

    private func glass(_ millilitres: Double, hour: Double) -> HKQuantitySample {
        let date = day.addingTimeInterval(hour * 3600)
        return HKQuantitySample(type: water, quantity: HKQuantity(unit: .literUnit(with: .milli), doubleValue: millilitres),
                                start: date, end: date)
    }

    @Test func aWaterTrackerFromFirstLaunchToSync() async throws {
        #expect(HKHealthStore.isHealthDataAvailable())
        let device = try ScenarioDevice()
        let healthStore = device.healthStore()

        // Before asking: sharing is not determined and saving fails with errorAuthorizationNotDetermined.
        #expect(healthStore.authorizationStatus(for: water) == .notDetermined)
        #expect(try await healthStore.statusForAuthorizationRequest(toShare: [water], read: [water]) == .shouldRequest)
        await #expect { try await healthStore.save(glass(250, hour: 8)) } throws: {
            ($0 as? HKError)?.code == .errorAuthorizationNotDetermined
        }

        try await healthStore.requestAuthorization(toShare: [water], read: [water])
        #expect(healthStore.authorizationStatus(for: water) == .sharingAuthorized)
        #expect(try await healthStore.statusForAuthorizationRequest(toShare: [water], read: [water]) == .unnecessary)

        let glasses = [glass(250, hour: 8), glass(330, hour: 12), glass(5000, hour: 13), glass(500, hour: 18)]
        try await healthStore.save(glasses)

        let today = HKQuery.predicateForSamples(withStart: day, end: day.addingTimeInterval(86_400), options: .strictStartDate)
        let readBack = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: water, predicate: today)],
                                                         sortDescriptors: [SortDescriptor(\.startDate)]).result(for: healthStore)
        #expect(readBack == glasses)
        #expect(readBack.allSatisfy { $0.sourceRevision.source.bundleIdentifier == ScenarioDevice.stepCounterApp })

        let total = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: water, predicate: today), options: .cumulativeSum)
        #expect(try await total.result(for: healthStore)?.sumQuantity()?.doubleValue(for: .liter()) == 6.08)

        // The 5 L entry was a typo: delete it; the total and a sync engine's anchored query see the change.
        let sync = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: water)], anchor: nil)
        let first = try await sync.result(for: healthStore)
        #expect(first.addedSamples.count == 4 && first.deletedObjects.isEmpty)
        try await healthStore.delete(glasses[2])
        #expect(try await total.result(for: healthStore)?.sumQuantity()?.doubleValue(for: .literUnit(with: .milli)) == 1080)
        let next = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: water)], anchor: first.newAnchor)
            .result(for: healthStore)
        #expect(next.addedSamples.isEmpty)
        #expect(next.deletedObjects.map(\.uuid) == [glasses[2].uuid])

        // Deleting everything left leaves nothing to total.
        #expect(try await healthStore.deleteObjects(of: water, predicate: today) == 3)
        #expect(try await total.result(for: healthStore) == nil)
    }
}
