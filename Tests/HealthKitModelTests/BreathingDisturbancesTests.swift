import Foundation
import HealthKitModel
import Testing

@Suite("Apple Sleeping Breathing Disturbances classification")
struct BreathingDisturbancesTests {
    private func classify(_ value: Double, _ unit: HKUnit = .count()) -> HKAppleSleepingBreathingDisturbancesClassification? {
        HKAppleSleepingBreathingDisturbancesClassification(classifying: HKQuantity(unit: unit, doubleValue: value))
    }

    @Test func rawValuesAndCasesAreHealthKits() {
        #expect(HKAppleSleepingBreathingDisturbancesClassification.notElevated.rawValue == 0)
        #expect(HKAppleSleepingBreathingDisturbancesClassification.elevated.rawValue == 1)
        #expect(HKAppleSleepingBreathingDisturbancesClassification.allCases == [.notElevated, .elevated])
    }

    @Test func elevenOrMoreIsElevated() {
        #expect(classify(0) == .notElevated)
        #expect(classify(10.99) == .notElevated)
        #expect(classify(11) == .elevated)
        #expect(classify(42.5) == .elevated)
        #expect(classify(.infinity) == .elevated)
    }

    @Test func anyCountCompatibleUnitIsConverted() {
        // A percentage is a dimensionless count: 1100% is 11.
        #expect(classify(1100, .percent()) == .elevated)
        #expect(classify(1099, .percent()) == .notElevated)
    }

    @Test func valuesHealthKitCannotClassifyGiveNil() {
        #expect(classify(-0.5) == nil)
        #expect(classify(.nan) == nil)
        #expect(classify(12, .count().unitDivided(by: .hour())) == nil)
        #expect(classify(12, .meter()) == nil)
    }

    @Test func minimumIsTheLowestValueOfEachClassification() {
        for classification in HKAppleSleepingBreathingDisturbancesClassification.allCases {
            #expect(HKAppleSleepingBreathingDisturbancesClassification(classifying: classification.minimum) == classification)
            #expect(classification.minimum.is(compatibleWith: .count()))
        }
        #expect(HKAppleSleepingBreathingDisturbancesClassification.notElevated.minimum.doubleValue(for: .count()) == 0)
        #expect(HKAppleSleepingBreathingDisturbancesClassification.elevated.minimum.doubleValue(for: .count()) == 11)
        let justBelow = HKQuantity(unit: .count(), doubleValue: 11.0.nextDown)
        #expect(HKAppleSleepingBreathingDisturbancesClassification(classifying: justBelow) == .notElevated)
    }
}
