import Foundation
@testable import OpenHealthKit
import Testing

/// The descriptors' typed results: the same objects, in order, and only those of the class asked for.
@Suite struct SampleCastingTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    static func quantity(_ value: Double) -> HKQuantitySample {
        HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: value), start: date, end: date)
    }

    @Test func samplesAllOfTheClassKeepTheirIdentityAndOrder() {
        let samples: [HKSample] = (0 ..< 5).map { Self.quantity(Double($0)) }
        let typed = samples.typed(as: HKQuantitySample.self)
        #expect(typed.count == 5)
        #expect(zip(typed, samples).allSatisfy { $0 === $1 })
        #expect(typed.map { $0.quantity.doubleValue(for: .count()) } == [0, 1, 2, 3, 4])
        #expect(samples.typed(as: HKSample.self).count == 5)
    }

    @Test func samplesOfOtherClassesAreLeftOut() {
        let sleep = HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepCore.rawValue,
                                     start: Self.date, end: Self.date.addingTimeInterval(60))
        let samples: [HKSample] = [Self.quantity(1), sleep, Self.quantity(2)]
        let typed = samples.typed(as: HKQuantitySample.self)
        #expect(typed.map { $0.quantity.doubleValue(for: .count()) } == [1, 2])
        #expect(samples.typed(as: HKCategorySample.self).map(\.value) == [sleep.value])
    }
}
