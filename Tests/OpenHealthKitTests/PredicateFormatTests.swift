import Foundation
import HealthDatabase
import OpenHealthKit
import Testing

/// `NSPredicate(format:)` with HealthKit key paths, called as a client module does (no @testable import):
/// it must be chosen over Foundation's unavailable initialiser and give the filter the factories give.
@Suite struct PredicateFormatTests {
    let date = Date(timeIntervalSinceReferenceDate: 700_000_000)

    @Test func appleDocumentationExampleCompilesAndMatchesTheFactory() throws {
        let predicate = NSPredicate(format: "%K == %d", HKPredicateKeyPathWorkoutType, HKWorkoutActivityType.running.rawValue)
        #expect(try sampleFilter(from: predicate) == sampleFilter(from: HKQuery.predicateForWorkouts(with: .running)))
    }

    @Test func dateComparisonsBecomeWindows() throws {
        let start = NSPredicate(format: "%K >= %@", HKPredicateKeyPathStartDate, date as NSDate)
        #expect(try sampleFilter(from: start) == .window(DateWindow(start: date, end: nil, strictStart: true)))
        let end = NSPredicate(format: "%K <= %@", HKPredicateKeyPathEndDate, date)
        let justAfter = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextUp)
        #expect(try sampleFilter(from: end) == .window(DateWindow(start: nil, end: justAfter, strictEnd: true)))
    }

    @Test func connectivesAndParentheses() throws {
        let predicate = NSPredicate(format: "(%K == %@ OR %K == %@) AND NOT %K < 300",
                                    HKPredicateKeyPathCDATitle, "Visit", HKPredicateKeyPathCDAAuthorName, "Dr. Who", HKPredicateKeyPathWorkoutDuration)
        #expect(try sampleFilter(from: predicate) == .and([
            .or([.field("@cda.title", .equal, .text("Visit")), .field("@cda.authorName", .equal, .text("Dr. Who"))]),
            .not(.field("@workout.duration", .lessThan, .number(300))),
        ]))
    }

    @Test func metadataUUIDAndMembership() throws {
        let uuid = UUID()
        #expect(try sampleFilter(from: NSPredicate(format: "metadata.HKWasUserEntered == %@", NSNumber(value: true)))
            == .field(HKMetadataKeyWasUserEntered, .equal, .bool(true)))
        #expect(try sampleFilter(from: NSPredicate(format: "%K IN %@", HKPredicateKeyPathUUID, [uuid])) == .uuids([uuid]))
        #expect(try sampleFilter(from: NSPredicate(format: "%K IN %@", HKPredicateKeyPathCategoryValue, [1, 3])) == .categoryValues([1, 3]))
        let quantity = HKQuantity(unit: .count(), doubleValue: 100)
        #expect(try sampleFilter(from: NSPredicate(format: "%K > %@", HKPredicateKeyPathQuantity, quantity))
            == sampleFilter(from: HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: quantity)))
    }

    @Test func badFormatsFailTheQueryWithTheReason() {
        let cases: [(NSPredicate, String)] = [
            (NSPredicate(format: "%K == %@", "colour", "red"), "colour"),
            (NSPredicate(format: "startDate >= "), "expected a value"),
            (NSPredicate(format: "%K == %@", HKPredicateKeyPathStartDate), "more format specifiers"),
            (NSPredicate(format: "%K LIKE %@", HKPredicateKeyPathCDATitle, "V*"), "operator"),
        ]
        for (predicate, reason) in cases {
            do {
                _ = try sampleFilter(from: predicate)
                Issue.record("accepted \(reason)")
            } catch {
                #expect(error.code == .errorInvalidArgument)
                #expect(error.localizedDescription.contains(reason), "\(error.localizedDescription)")
            }
        }
    }
}
