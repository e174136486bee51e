import Foundation
import HealthKitModel
import Testing

@Suite("MetadataValidation")
struct MetadataValidationTests {
    /// The error `validate` throws, or `nil` when the metadata is accepted.
    private func failure(_ metadata: [String: Any]?) -> HKError? {
        do {
            try MetadataValidation.validate(metadata)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptsHealthKitsValueClasses() {
        #expect(failure(nil) == nil)
        #expect(failure([:]) == nil)
        let metadata: [String: Any] = [
            "app.note": "hello", "app.int": 3, "app.int8": Int8(-2), "app.uint": UInt64(7), "app.double": 2.5,
            "app.float": Float(1.5), "app.bool": true, "app.number": NSNumber(value: 4), "app.date": Date(),
            "app.nsstring": NSString(string: "x"),
            "app.quantity": HKQuantity(unit: .meter(), doubleValue: 25),
            HKMetadataKeyWasUserEntered: true, HKMetadataKeyTimeZone: "Europe/Amsterdam",
            HKMetadataKeyWeatherCondition: HKWeatherCondition.tornado.rawValue,
            HKMetadataKeyLapLength: HKQuantity(unit: .meter(), doubleValue: 25),
            HKMetadataKeyDateOfEarliestDataUsedForEstimate: Date(),
            HKMetadataKeySyncIdentifier: "abc", HKMetadataKeySyncVersion: 2,
        ]
        #expect(failure(metadata) == nil)
    }

    @Test func rejectsUnsupportedValueClasses() throws {
        let error = try #require(failure(["app.list": [1, 2]]))
        #expect(error.code == .errorInvalidArgument)
        #expect(error.localizedDescription.hasPrefix("Invalid metadata value for app.list: "))
        #expect(error.localizedDescription.contains("Array<Int>"))
        let data = try #require(failure(["app.data": Data()]))
        #expect(data.localizedDescription.contains("Data"))
    }

    @Test func rejectsWrongKindForHealthKitKeys() throws {
        let error = try #require(failure([HKMetadataKeyFoodType: 5]))
        #expect(error.localizedDescription == "Invalid metadata value for HKFoodType: expected a String, got 5 (Int)")
        let quantity = try #require(failure([HKMetadataKeyWeatherTemperature: 20.5]))
        #expect(quantity.localizedDescription.contains("HKWeatherTemperature: expected an HKQuantity"))
        let number = try #require(failure([HKMetadataKeyWasUserEntered: "yes"]))
        #expect(number.localizedDescription.contains("expected a number, got \"yes\" (String)"))
    }

    @Test func rejectsOutOfRangeEnumerationValues() throws {
        let weather = try #require(failure([HKMetadataKeyWeatherCondition: 28]))
        #expect(weather.localizedDescription.contains("Invalid metadata value for HKWeatherCondition: 28 (Int) is not a valid HKWeatherCondition"))
        #expect(failure([HKMetadataKeyInsulinDeliveryReason: 0]) != nil)
        #expect(failure([HKMetadataKeyInsulinDeliveryReason: 1.5]) != nil)
        #expect(failure([HKMetadataKeyInsulinDeliveryReason: 2.0]) == nil)
        let ftp = try #require(failure([HKMetadataKeyCyclingFunctionalThresholdPowerTestType: 5]))
        #expect(ftp.localizedDescription.contains("HKCyclingCyclingFunctionalThresholdPowerTestType"))
    }

    @Test func rejectsBadKeys() throws {
        #expect(failure(["": 1])?.localizedDescription.contains("Invalid metadata key") == true)
        #expect(failure(["_HKPrivateWorkoutWasInDaytime": 1])?.localizedDescription.contains("_HKPrivateWorkoutWasInDaytime") == true)
        #expect(failure([HKMetadataKeyAppleDeviceCalibrated: true]) != nil)
        #expect(throws: Never.self) {
            try MetadataValidation.validate(["_HKPrivateWorkoutWasInDaytime": 1], allowingPrivateKeys: true)
        }
    }

    @Test func checksQuantityUnitsOfHealthKitKeys() throws {
        #expect(failure([HKMetadataKeyWeatherTemperature: HKQuantity(unit: HKUnit(from: "degF"), doubleValue: 49)]) == nil)
        #expect(failure([HKMetadataKeyWeatherHumidity: HKQuantity(unit: .percent(), doubleValue: 0.96)]) == nil)
        #expect(failure([HKMetadataKeyAverageMETs: HKQuantity(unit: HKUnit(from: "kcal/hr*kg"), doubleValue: 5)]) == nil)
        let error = try #require(failure([HKMetadataKeyWeatherTemperature: HKQuantity(unit: .meter(), doubleValue: 3)]))
        #expect(error.localizedDescription.hasPrefix("Invalid metadata value for HKWeatherTemperature: "))
        #expect(error.localizedDescription.contains("is not compatible with degC"))
        #expect(failure([HKMetadataKeyHeartRateEventThreshold: HKQuantity(unit: .second(), doubleValue: 3)]) != nil)
    }

    @Test func everyExpectedUnitParsesAndBelongsToAQuantityKey() {
        let quantityKeys = MetadataCatalog.entries.filter { $0.valueKind == .quantity }.map(\.key)
        let withUnits = quantityKeys.filter { MetadataCatalog.expectedUnit(forKey: $0) != nil }
        #expect(Set(quantityKeys).subtracting(withUnits) == [HKMetadataKeySessionEstimate])
    }

    @Test func rejectsNonFiniteNumbers() {
        #expect(failure(["app.x": Double.nan])?.localizedDescription.contains("not a finite number") == true)
        #expect(failure(["app.x": Double.infinity]) != nil)
    }

    @Test func syncIdentifierAndVersionComeTogether() throws {
        let missingVersion = try #require(failure([HKMetadataKeySyncIdentifier: "abc"]))
        #expect(missingVersion.code == .errorInvalidArgument)
        #expect(missingVersion.localizedDescription.contains("HKMetadataKeySyncVersion must be provided"))
        let missingIdentifier = try #require(failure([HKMetadataKeySyncVersion: 1]))
        #expect(missingIdentifier.localizedDescription.contains("may not be provided"))
        #expect(failure([HKMetadataKeySyncIdentifier: 1, HKMetadataKeySyncVersion: 1]) != nil)
        #expect(failure([HKMetadataKeySyncIdentifier: "a", HKMetadataKeySyncVersion: "1"]) != nil)
    }

    @Test func valueKinds() {
        #expect(MetadataValidation.valueKind(of: "x") == .string)
        #expect(MetadataValidation.valueKind(of: false) == .number)
        #expect(MetadataValidation.valueKind(of: Date()) == .date)
        #expect(MetadataValidation.valueKind(of: HKQuantity(unit: .meter(), doubleValue: 1)) == .quantity)
        #expect(MetadataValidation.valueKind(of: [String]()) == nil)
        #expect(!MetadataValidation.isAcceptedValue(URL(fileURLWithPath: "/")))
    }
}
