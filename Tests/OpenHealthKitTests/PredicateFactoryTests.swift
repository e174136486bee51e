import Foundation
import HealthDatabase
import Testing
@testable import OpenHealthKit

/// Every `HKQuery.predicateFor…` factory yields the expected storage filter.
@Suite struct PredicateFactoryTests {
    static let day = Date(timeIntervalSinceReferenceDate: 700_000_000)
    static let source = HKSource(name: "App", bundleIdentifier: "org.example.app")

    static func filter(_ predicate: NSPredicate) throws -> SampleFilter { try sampleFilter(from: predicate) }

    /// (name, predicate, expected filter) rows: one per factory shape.
    static let rows: [(String, @Sendable () -> NSPredicate, SampleFilter)] = [
        ("samples overlap", { HKQuery.predicateForSamples(withStart: day, end: nil) }, .window(DateWindow(start: day, end: nil))),
        ("samples strict", { HKQuery.predicateForSamples(withStart: nil, end: day, options: [.strictStartDate, .strictEndDate]) },
         .window(DateWindow(start: nil, end: day, strictStart: true, strictEnd: true))),
        ("metadata exists", { HKQuery.predicateForObjects(withMetadataKey: "K") }, .fieldExists("K")),
        ("metadata allowed", { HKQuery.predicateForObjects(withMetadataKey: "K", allowedValues: ["a", 2, true]) },
         .fieldIn("K", [.text("a"), .number(2), .bool(true)])),
        ("metadata string", { HKQuery.predicateForObjects(withMetadataKey: "K", operatorType: .notEqualTo, value: "x") }, .not(.field("K", .equal, .text("x")))),
        ("metadata date", { HKQuery.predicateForObjects(withMetadataKey: "K", operatorType: .lessThan, value: day) }, .field("K", .lessThan, .date(day))),
        ("metadata quantity", { HKQuery.predicateForObjects(withMetadataKey: "K", operatorType: .greaterThan, value: HKQuantity(unit: .meter(), doubleValue: 2)) },
         .field("K", .greaterThan, .quantity(base: 2, text: "2.0 m"))),
        ("source", { HKQuery.predicateForObjects(from: source) }, .sources(["org.example.app"])),
        ("sources", { HKQuery.predicateForObjects(from: [source, HKSource(name: "B", bundleIdentifier: "b")]) }, .sources(["org.example.app", "b"])),
        ("revisions", { HKQuery.predicateForObjects(from: [HKSourceRevision(source: source, version: HKSourceRevisionAnyVersion)]) },
         .revisions([RevisionPattern(bundleIdentifier: "org.example.app")])),
        ("revision exact", { HKQuery.predicateForObjects(from: [MappingTests.revision]) },
         .revisions([RevisionPattern(bundleIdentifier: "org.example.tracker", version: "4.2", productType: "iPhone15,2", operatingSystemVersion: "17.4.1")])),
        ("devices", { HKQuery.predicateForObjects(from: [MappingTests.device]) }, .devices([SourceMapping.record(from: MappingTests.device)])),
        ("device property", { HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyModel, allowedValues: ["Watch"]) },
         .deviceProperty(key: HKDevicePropertyKeyModel, values: ["Watch"])),
        ("uuid", { HKQuery.predicateForObject(with: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))) },
         .uuids([UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))])),
        ("no correlation", { HKQuery.predicateForObjectsWithNoCorrelation() }, .noParent(of: .correlation)),
        ("category", { HKQuery.predicateForCategorySamples(with: .greaterThanOrEqualTo, value: 2) }, .categoryValue(.greaterThanOrEqual, 2)),
        ("category enum op", { HKCategoryValueSeverity.predicateForSamples(.lessThan, value: .moderate) }, .categoryValue(.lessThan, 3)),
        ("category enum set", { HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: HKCategoryValueSleepAnalysis.allAsleepValues) },
         .categoryValues([1, 3, 4, 5])),
        ("workout type", { HKQuery.predicateForWorkouts(with: .running) }, .field("@workout.activityType", .equal, .number(37))),
        ("workout duration", { HKQuery.predicateForWorkouts(with: .greaterThan, duration: 600) }, .field("@workout.duration", .greaterThan, .number(600))),
        ("workout distance", { HKQuery.predicateForWorkouts(with: .greaterThan, totalDistance: HKQuantity(unit: HKUnit(from: "km"), doubleValue: 5)) },
         .field("@workout.totalDistance", .greaterThan, .number(5000))),
        ("workout sum", { HKQuery.predicateForWorkouts(operatorType: .lessThan, quantityType: HKQuantityType(.activeEnergyBurned),
                                                       sumQuantity: HKQuantity(unit: .kilocalorie(), doubleValue: 300)) },
         .field("@workout.sum.HKQuantityTypeIdentifierActiveEnergyBurned", .lessThan, .number(300))),
        ("workout max", { HKQuery.predicateForWorkouts(operatorType: .greaterThan, quantityType: HKQuantityType(.heartRate),
                                                       maximumQuantity: HKQuantity(unit: HKUnit(from: "count/s"), doubleValue: 3)) },
         .field("@workout.max.HKQuantityTypeIdentifierHeartRate", .greaterThan,
                .number(HKQuantity(unit: HKUnit(from: "count/s"), doubleValue: 3).doubleValue(for: HKQuantityType(.heartRate).canonicalUnit)))),
        ("FHIR type", { HKQuery.predicateForClinicalRecords(withFHIRResourceType: .observation) }, .field("@fhir.resourceType", .equal, .text("Observation"))),
        ("FHIR identity", { HKQuery.predicateForClinicalRecords(from: source, fhirResourceType: .condition, identifier: "c1") },
         .and([.sources(["org.example.app"]), .field("@fhir.resourceType", .equal, .text("Condition")), .field("@fhir.identifier", .equal, .text("c1"))])),
        ("verifiable", { HKQuery.predicateForVerifiableClinicalRecords(withRelevantDateWithin: DateInterval(start: day, duration: 60)) },
         .and([.field("@verifiable.relevantDate", .greaterThanOrEqual, .date(day)),
               .field("@verifiable.relevantDate", .lessThanOrEqual, .date(day.addingTimeInterval(60)))])),
        ("summary day", { HKQuery.predicateForActivitySummary(with: DateComponents(era: 1, year: 2024, month: 3, day: 9)) },
         .field("@summary.day", .equal, .number(20240309))),
        ("summary range", { HKQuery.predicate(forActivitySummariesBetweenStart: DateComponents(year: 2024, month: 1, day: 1),
                                              end: DateComponents(year: 2024, month: 1, day: 31)) },
         .and([.field("@summary.day", .greaterThanOrEqual, .number(20240101)), .field("@summary.day", .lessThanOrEqual, .number(20240131))])),
    ]

    @Test(arguments: rows.indices) func factoryYieldsFilter(_ index: Int) throws {
        let (name, make, expected) = Self.rows[index]
        #expect(try Self.filter(make()) == expected, "\(name)")
    }

    @Test func workoutAssociationUsesParent() throws {
        let workout = try HKWorkout.checked(activityType: .yoga, start: Self.day, end: Self.day.addingTimeInterval(60))
        #expect(try Self.filter(HKQuery.predicateForObjects(from: workout)) == .parent(workout.uuid))
    }

    @Test func quantityComparisonCoversEveryCompatibleCanonicalUnit() throws {
        let filter = try Self.filter(HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 120)))
        guard case .or(let branches) = filter else { Issue.record("expected one branch per canonical unit: \(filter)"); return }
        let heartRate = HKQuantityType(.heartRate)
        let branch = try #require(branches.first { if case .and(let parts) = $0, case .types(let types) = parts[0] { types.contains(heartRate.identifier) } else { false } })
        #expect(branch == .and([.types(Set(HKObjectType.allQuantityTypes.filter { $0.canonicalUnitString == heartRate.canonicalUnitString && $0.is(compatibleWith: .count()) == false }
            .map(\.identifier))), .quantity(.greaterThan, HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 120).doubleValue(for: heartRate.canonicalUnit))]))
        let steps = try Self.filter(HKQuery.predicateForQuantitySamples(with: .equalTo, quantity: HKQuantity(unit: .count(), doubleValue: 5)))
        #expect("\(steps)".contains(HKQuantityTypeIdentifier.stepCount.rawValue))
        #expect(!"\(steps)".contains(HKQuantityTypeIdentifier.heartRate.rawValue))
    }

    @Test func deprecatedWorkoutTotalsUseTheirQuantityTypes() throws {
        #expect(try Self.filter(Self.callDeprecated(Deprecated.self)) == .field("@workout.sum.HKQuantityTypeIdentifierActiveEnergyBurned", .equal, .number(1)))
    }

    /// Calls a deprecated factory through a protocol witness, so the test build stays free of warnings.
    static func callDeprecated<T: DeprecatedFactory>(_: T.Type) -> NSPredicate { T.energy() }

    enum Deprecated: DeprecatedFactory {
        @available(*, deprecated)
        static func energy() -> NSPredicate {
            HKQuery.predicateForWorkouts(with: .equalTo, totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 1))
        }
    }
}

/// A deprecated factory call behind a protocol requirement.
protocol DeprecatedFactory { static func energy() -> NSPredicate }
