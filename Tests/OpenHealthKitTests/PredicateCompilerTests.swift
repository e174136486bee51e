import Foundation
import HealthDatabase
import Testing
@testable import OpenHealthKit

/// `sampleFilter(from:)`: compounds, constant predicates, and the predicates the store must refuse.
@Suite struct PredicateCompilerTests {
    let dates = HKQuery.predicateForSamples(withStart: PredicateFactoryTests.day, end: nil)
    let source = HKQuery.predicateForObjects(from: PredicateFactoryTests.source)
    let noCorrelation = HKQuery.predicateForObjectsWithNoCorrelation()

    @Test func nilAndConstantPredicates() throws {
        #expect(try sampleFilter(from: nil) == .all)
        #expect(try sampleFilter(from: NSPredicate(value: true)) == .all)
        #expect(try sampleFilter(from: NSPredicate(value: false)) == .none)
    }

    @Test func compoundsDecomposeNested() throws {
        let inner = NSCompoundPredicate(orPredicateWithSubpredicates: [source, NSCompoundPredicate(notPredicateWithSubpredicate: noCorrelation)])
        let outer = NSCompoundPredicate(andPredicateWithSubpredicates: [dates, inner])
        #expect(try sampleFilter(from: outer) == .and([
            .window(DateWindow(start: PredicateFactoryTests.day, end: nil)),
            .or([.sources(["org.example.app"]), .not(.noParent(of: .correlation))]),
        ]))
        #expect(try sampleFilter(from: NSCompoundPredicate(andPredicateWithSubpredicates: [source])) == .sources(["org.example.app"]))
        #expect(try sampleFilter(from: NSCompoundPredicate(andPredicateWithSubpredicates: [])) == .all)
        #expect(try sampleFilter(from: NSCompoundPredicate(orPredicateWithSubpredicates: [])) == .none)
    }

    @Test func blockPredicatesAreRejectedByName() {
        let block = NSPredicate { _, _ in true }
        do {
            _ = try sampleFilter(from: NSCompoundPredicate(andPredicateWithSubpredicates: [dates, block]))
            Issue.record("a block predicate was accepted")
        } catch {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.localizedDescription.contains("Block predicates"))
        }
    }

    @Test func foreignSubclassesAreRejectedByClass() {
        final class Custom: NSPredicate {}
        do {
            _ = try sampleFilter(from: Custom(value: true))
            Issue.record("a foreign predicate was accepted")
        } catch {
            #expect(error.localizedDescription.contains("Custom"))
        }
    }

    @Test func filterPredicatesCompareByFilterAndCopyToThemselves() {
        #expect(source.isEqual(HKQuery.predicateForObjects(from: PredicateFactoryTests.source)))
        #expect(!source.isEqual(dates))
        #expect((source.copy() as? NSPredicate)?.isEqual(source) == true)
    }
}

/// Sort descriptors: HealthKit's identifiers compile on Linux and map to storage sorts.
@Suite struct PredicateSortTests {
    @Test func healthKitSpellingCompilesAndMaps() throws {
        let descriptors = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false),
                           NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: true)]
        #expect(try sampleSorts(from: descriptors) == [SampleSort(.startDate, ascending: false), SampleSort(.endDate, ascending: true)])
        #expect(try sampleSorts(from: nil) == [])
    }

    @Test func workoutSortsUseWorkoutFields() throws {
        let descriptors = [HKWorkoutSortIdentifierDuration, HKWorkoutSortIdentifierTotalDistance,
                           HKWorkoutSortIdentifierTotalEnergyBurned, HKWorkoutSortIdentifierTotalSwimmingStrokeCount]
            .map { NSSortDescriptor(key: $0, ascending: true) }
        #expect(try sampleSorts(from: descriptors).map(\.key) == [
            .field("@workout.duration"), .field("@workout.totalDistance"),
            .field("@workout.sum.HKQuantityTypeIdentifierActiveEnergyBurned"), .field("@workout.sum.HKQuantityTypeIdentifierSwimmingStrokeCount"),
        ])
    }

    @Test func keyPathDescriptorsAndRawValuesAreAccepted() throws {
        #expect(try sampleSorts(from: [NSSortDescriptor(keyPath: \HKSample.endDate, ascending: true)]) == [SampleSort(.endDate)])
        #expect(HKSampleSortIdentifierStartDate == "HKSampleSortIdentifierStartDate")
        #expect(try sampleSorts(from: [NSSortDescriptor(key: "startDate", ascending: true)]) == [SampleSort(.startDate)])
    }

    @Test func unknownKeysAreErrorsNamingTheKey() {
        do {
            _ = try sampleSorts(from: [NSSortDescriptor(key: SortIdentifier(rawValue: "colour"), ascending: true)])
            Issue.record("an unknown sort key was accepted")
        } catch {
            #expect(error.localizedDescription.contains("colour"))
        }
        #expect(throws: HKError.self) { try sampleSorts(from: [NSSortDescriptor(keyPath: \HKSample.uuid.uuidString, ascending: true)]) }
    }

    @Test func descriptorsSortObjectsInMemory() throws {
        let early = try HKCategorySample.checked(type: HKCategoryType(.mindfulSession), value: 0, start: Date(timeIntervalSince1970: 10), end: Date(timeIntervalSince1970: 20))
        let late = try HKCategorySample.checked(type: HKCategoryType(.mindfulSession), value: 0, start: Date(timeIntervalSince1970: 30), end: Date(timeIntervalSince1970: 40))
        let descriptor = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)
        #expect(descriptor.compare(early, to: late) == .orderedDescending)
    }
}
