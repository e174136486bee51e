import Foundation
import HealthKitModel
import Testing

/// Metadata numbers are stored as NSNumbers when an object is created, so they cast as they do on iOS.
@Suite("Metadata numbers bridge like NSNumber")
struct MetadataNumberTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func sample(_ metadata: [String: Any]) -> HKCategorySample {
        HKCategorySample(type: HKCategoryType(.mindfulSession), value: HKCategoryValue.notApplicable.rawValue,
                         start: start, end: start + 60, metadata: metadata)
    }

    @Test func integersReadBackAsAnyNumericType() {
        let metadata = sample(["count": 2]).metadata
        #expect(metadata?["count"] as? Int == 2)
        #expect(metadata?["count"] as? Double == 2.0)
        #expect(metadata?["count"] as? Float == 2.0)
        #expect(metadata?["count"] as? Int32 == 2)
        #expect(metadata?["count"] as? UInt8 == 2)
        #expect(metadata?["count"] as? NSNumber == NSNumber(value: 2))
        // As on iOS, only 0 and 1 read back as Bool, and a fraction never reads back as an integer.
        #expect(metadata?["count"] as? Bool == nil)
        #expect(sample(["fraction": 2.5]).metadata?["fraction"] as? Int == nil)
        #expect(sample(["fraction": 2.5]).metadata?["fraction"] as? Double == 2.5)
    }

    @Test func booleansReadBackAsNumbers() {
        let metadata = sample(["flag": true, "off": false]).metadata
        #expect(metadata?["flag"] as? Bool == true)
        #expect(metadata?["flag"] as? Int == 1)
        #expect(metadata?["flag"] as? Double == 1)
        #expect(metadata?["off"] as? Int == 0)
        #expect(metadata?["off"] as? Bool == false)
    }

    @Test func everySwiftNumberTypeBecomesAnNSNumber() {
        let values: [String: Any] = [
            "Int8": Int8(-3), "UInt16": UInt16(7), "Int64": Int64.max, "UInt64": UInt64.max, "UInt": UInt(9),
            "Float": Float(1.5), "Double": 0.1, "Bool": true, "NSNumber": NSNumber(value: 42),
        ]
        let metadata = sample(values).metadata ?? [:]
        for key in values.keys {
            #expect(type(of: metadata[key]!) is NSNumber.Type, "\(key) is stored as \(type(of: metadata[key]!))")
        }
        #expect(metadata["Int8"] as? Int == -3)
        #expect(metadata["Int64"] as? Int64 == .max)
        #expect(metadata["UInt64"] as? UInt64 == .max)
        #expect(metadata["Float"] as? Double == 1.5)
        #expect(metadata["Double"] as? Double == 0.1)
        #expect(metadata["NSNumber"] as? Int == 42)
    }

    @Test func otherValuesAreKept() throws {
        let quantity = HKQuantity(unit: .count(), doubleValue: 1)
        let metadata = sample(["text": "2", "slice": "abc".dropFirst(), "date": start, "quantity": quantity]).metadata
        #expect(metadata?["text"] as? String == "2")
        #expect(metadata?["text"] as? Int == nil)
        #expect(metadata?["slice"] as? String == "bc")
        #expect(metadata?["date"] as? Date == start)
        #expect(metadata?["quantity"] as? HKQuantity === quantity)
    }

    @Test func anNSNumberIsNotTurnedIntoABoolean() {
        // `NSNumber(value: 1) as? Bool` succeeds, so normalising must not test Bool before NSNumber.
        let stored = sample(["one": NSNumber(value: 1)]).metadata?["one"] as? NSNumber
        #expect(stored.map { String(cString: $0.objCType) } != "c")
    }

    @Test func workoutEventsActivitiesAndDeletedObjectsNormaliseToo() throws {
        let event = try HKWorkoutEvent.checked(type: .lap, dateInterval: DateInterval(start: start, duration: 60),
                                               metadata: ["lap": 3])
        #expect(event.metadata?["lap"] as? Double == 3)
        let activity = HKWorkoutActivity(workoutConfiguration: HKWorkoutConfiguration(), start: start, end: nil,
                                         metadata: ["leg": true])
        #expect(activity.metadata?["leg"] as? Int == 1)
        let deleted = HKDeletedObject(uuid: UUID(), metadata: [HKMetadataKeySyncIdentifier: "a", HKMetadataKeySyncVersion: 4])
        #expect(deleted.metadata?[HKMetadataKeySyncVersion] as? Double == 4)
        #expect(sample([:]).metadata == nil)
    }

    @Test func validationAcceptsAndRejectsTheSameValuesAfterNormalising() {
        let values: [Any] = [2, 2.5, true, Float.nan, Double.infinity, UInt64.max, NSNumber(value: Double.nan), "x", [1, 2]]
        for value in values {
            let before = MetadataValidation.valueKind(of: value)
            let after = MetadataValidation.valueKind(of: MetadataValidation.normalizedValue(value))
            #expect(before == after, "\(value): \(String(describing: before)) became \(String(describing: after))")
            let accepted = (try? MetadataValidation.validate(["k": value])) != nil
            let acceptedAfter = (try? MetadataValidation.validate(["k": MetadataValidation.normalizedValue(value)])) != nil
            #expect(accepted == acceptedAfter, "\(value)")
        }
        #expect((try? MetadataValidation.validate([HKMetadataKeyHeartRateMotionContext: NSNumber(value: 1)])) != nil)
        #expect((try? MetadataValidation.validate([HKMetadataKeyHeartRateMotionContext: NSNumber(value: 9)])) == nil)
    }
}
