// Route code as apps write it (`location.floor?.level`, a CLFloor test double) and walking steadiness
// classification with HealthKit's thresholds.
import HealthKit
import Testing

@Suite("Route code and walking steadiness")
struct RouteAndMobilityTests {
    @Test func locationsHaveNoFloorUnlessADoubleSaysSo() {
        let plain = CLLocation(latitude: 52.52, longitude: 13.40)
        #expect(plain.floor == nil)
        let indoor = IndoorLocation(latitude: 52.52, longitude: 13.40)
        #expect(indoor.floor?.level == 2)
        let levels = [plain, indoor].compactMap { $0.floor?.level }
        #expect(levels == [2])
        #expect(CLFloor(level: -1) == CLFloor(level: -1) && CLFloor().level == 0)
    }

    @Test func classificationFollowsTheHealthAppsRanges() throws {
        func classify(_ percent: Double) throws -> HKAppleWalkingSteadinessClassification {
            try HKAppleWalkingSteadinessClassification(for: HKQuantity(unit: .percent(), doubleValue: percent))
        }
        #expect(try classify(0) == .veryLow)
        #expect(try classify(0.199) == .veryLow)
        #expect(try classify(0.2) == .low)
        #expect(try classify(0.399) == .low)
        #expect(try classify(0.4) == .ok)
        #expect(try classify(1) == .ok)
        #expect(throws: HKError.self) { try classify(1.2) }
        #expect(throws: HKError.self) { try classify(-0.1) }
        #expect(throws: HKError.self) { try HKAppleWalkingSteadinessClassification(for: HKQuantity(unit: .count(), doubleValue: 0.5)) }
        #expect(HKAppleWalkingSteadinessClassification.allCases.map(\.rawValue) == [1, 2, 3])
        #expect(HKAppleWalkingSteadinessClassification.low.minimum.doubleValue(for: .percent()) == 0.2)
        #expect(HKAppleWalkingSteadinessClassification.low.maximum.doubleValue(for: .percent()) == 0.4)
        #expect(HKAppleWalkingSteadinessClassification.ok.maximum.doubleValue(for: .percent()) == 1)
        #expect(HKAppleWalkingSteadinessClassification.veryLow.minimum.doubleValue(for: .percent()) == 0)
    }

    @Test func theCFunctionsAsSwiftSeesThem() {
        var classification = HKAppleWalkingSteadinessClassification.ok
        var error: NSError?
        #expect(HKAppleWalkingSteadinessClassificationForQuantity(HKQuantity(unit: .percent(), doubleValue: 0.25), &classification, &error))
        #expect(classification == .low && error == nil)
        #expect(!HKAppleWalkingSteadinessClassificationForQuantity(HKQuantity(unit: .percent(), doubleValue: 3), &classification, &error))
        #expect(error?.code == HKError.Code.errorInvalidArgument.rawValue && classification == .low)
        #expect(HKAppleWalkingSteadinessMinimumQuantityForClassification(.ok).doubleValue(for: .percent()) == 0.4)
        #expect(HKAppleWalkingSteadinessMaximumQuantityForClassification(.veryLow).doubleValue(for: .percent()) == 0.2)
    }
}

/// A location double that reports a floor, as indoor-positioning tests do.
final class IndoorLocation: CLLocation, @unchecked Sendable {
    override var floor: CLFloor? { SecondFloor() }
}

/// A floor double.
final class SecondFloor: CLFloor, @unchecked Sendable {
    override var level: Int { 2 }
}
