// Apps keep a person's chosen display unit, goals and dashboard types between launches by archiving HKUnit,
// HKQuantity and HKObjectType with NSKeyedArchiver (all adopt NSSecureCoding in HealthKit), as they archive
// HKQueryAnchor.
import Foundation
import HealthKit
import Testing

@Suite("Archiving units and quantities with NSKeyedArchiver")
struct ArchivingScenarios {
    @Test func aChosenDisplayUnitSurvivesARelaunch() throws {
        let chosen = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())
        let data = try NSKeyedArchiver.archivedData(withRootObject: chosen, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKUnit.self, from: data))
        #expect(restored == chosen)
        #expect(restored.unitString == chosen.unitString)
        #expect(HKQuantity(unit: HKUnit(from: "mg/dL"), doubleValue: 90).is(compatibleWith: restored))
    }

    @Test func aDailyGoalKeepsItsValueAndUnit() throws {
        let goal = HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 8.5)
        let data = try NSKeyedArchiver.archivedData(withRootObject: goal, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantity.self, from: data))
        #expect(restored == goal)
        #expect(restored.doubleValue(for: .meter()) == 8500)
        #expect(restored.description == "8.5 km")
    }

    @Test func aTableOfGoalsInOneArchive() throws {
        let goals: [String: HKQuantity] = ["steps": HKQuantity(unit: .count(), doubleValue: 10_000),
                                           "energy": HKQuantity(unit: .kilocalorie(), doubleValue: 600)]
        let data = try NSKeyedArchiver.archivedData(withRootObject: goals as NSDictionary, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(
            ofClasses: [NSDictionary.self, NSString.self, HKQuantity.self, HKUnit.self], from: data) as? [String: HKQuantity])
        #expect(restored["steps"]?.doubleValue(for: .count()) == 10_000)
        #expect(restored["energy"]?.doubleValue(for: .largeCalorie()) == 600)
    }

    @Test func theTypesADashboardShows() throws {
        let shown: [HKObjectType] = [HKQuantityType(.stepCount), HKCategoryType(.sleepAnalysis), .workoutType(),
                                     HKCharacteristicType(.dateOfBirth), HKCorrelationType(.bloodPressure)]
        let data = try NSKeyedArchiver.archivedData(withRootObject: shown as NSArray, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(
            ofClasses: [NSArray.self, HKQuantityType.self, HKCategoryType.self, HKWorkoutType.self, HKCharacteristicType.self,
                        HKCorrelationType.self], from: data) as? [HKObjectType])
        #expect(restored == shown)
        let steps = try #require(restored.first as? HKQuantityType)
        #expect(steps.aggregationStyle == .cumulative)
        #expect(steps.is(compatibleWith: .count()))
        #expect(restored[1] is HKCategoryType && restored[2] is HKWorkoutType)
    }
}
