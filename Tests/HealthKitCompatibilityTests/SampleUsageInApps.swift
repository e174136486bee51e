// Quantity and category samples, metadata, devices and sources written the way HealthKit apps write
// them before saving: user-entered weights, glucose readings with sync identifiers (LoopKit style),
// insulin doses, cycle tracking, a night of sleep stages, mindful minutes.
import Foundation
import HealthKit
import Testing

// LoopKit-style accessors on HKObject.
extension HKObject {
    fileprivate var syncIdentifierForTests: String? { metadata?[HKMetadataKeySyncIdentifier] as? String }
    fileprivate var syncVersionForTests: Int? { metadata?[HKMetadataKeySyncVersion] as? Int }
}

@Suite("Samples, metadata, devices and sources as HealthKit apps build them")
struct SampleUsageInApps {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    let meter = HKDevice(name: "Contour Next One", manufacturer: "Ascensia", model: "Contour", hardwareVersion: "2",
                         firmwareVersion: "1.4", softwareVersion: "3.1", localIdentifier: "C1-42", udiDeviceIdentifier: nil)

    @Test func userEnteredBodyMass() {
        let type = HKQuantityType.quantityType(forIdentifier: .bodyMass)!
        let quantity = HKQuantity(unit: .pound(), doubleValue: 165)
        let metadata: [String: Any] = [
            HKMetadataKeyWasUserEntered: true,
            HKMetadataKeyTimeZone: "Europe/Paris",
            HKMetadataKeyExternalUUID: "weight-2023-11-14",
            "com.example.weightapp.scaleMode": "athlete",
        ]
        let sample = HKQuantitySample(type: type, quantity: quantity, start: start, end: start, metadata: metadata)
        #expect(sample.quantityType == type)
        #expect(sample.startDate == sample.endDate)
        #expect(!sample.hasUndeterminedDuration)
        #expect(sample.count == 1)
        #expect(sample.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true)
        #expect(sample.metadata?[HKMetadataKeyTimeZone] as? String == "Europe/Paris")
        #expect(sample.metadata?["com.example.weightapp.scaleMode"] as? String == "athlete")
        // 165 lb × 0.453592 = 74.84268 kg.
        #expect(abs(sample.quantity.doubleValue(for: .gramUnit(with: .kilo)) - 74.842_68) < 1e-9)
        #expect(sample.device == nil)
    }

    @Test func glucoseReadingFromAMeterWithSyncIdentifiers() {
        let reading = HKQuantitySample(
            type: HKQuantityType(.bloodGlucose),
            quantity: HKQuantity(unit: HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter()),
                                 doubleValue: 6.1),
            start: start, end: start, device: meter,
            metadata: [
                HKMetadataKeySyncIdentifier: "C1-42/000123",
                HKMetadataKeySyncVersion: 1,
                HKMetadataKeyBloodGlucoseMealTime: HKBloodGlucoseMealTime.preprandial.rawValue,
            ])
        #expect(reading.syncIdentifierForTests == "C1-42/000123")
        #expect(reading.syncVersionForTests == 1)
        #expect(reading.device == meter)
        #expect(reading.device?.manufacturer == "Ascensia")
        #expect(reading.device?.localIdentifier == "C1-42")
        #expect(reading.device?.udiDeviceIdentifier == nil)
        #expect(HKBloodGlucoseMealTime(rawValue: reading.metadata?[HKMetadataKeyBloodGlucoseMealTime] as? Int ?? 0) == .preprandial)
        // 6.1 mmol/L × 18.0155880 = 109.895 mg/dL.
        #expect(abs(reading.quantity.doubleValue(for: HKUnit(from: "mg/dL")) - 6.1 * 18.015_588_000_005_408) < 1e-9)
    }

    @Test func insulinBolusAndBasal() {
        let type = HKQuantityType(.insulinDelivery)
        let bolus = HKQuantitySample(type: type, quantity: HKQuantity(unit: .internationalUnit(), doubleValue: 4.5),
                                     start: start, end: start.addingTimeInterval(60),
                                     metadata: [HKMetadataKeyInsulinDeliveryReason: HKInsulinDeliveryReason.bolus.rawValue])
        let basal = HKQuantitySample(type: type, quantity: HKQuantity(unit: .internationalUnit(), doubleValue: 0.8),
                                     start: start, end: start.addingTimeInterval(3600),
                                     metadata: [HKMetadataKeyInsulinDeliveryReason: NSNumber(value: HKInsulinDeliveryReason.basal.rawValue)])
        let total = [bolus, basal].reduce(0) { $0 + $1.quantity.doubleValue(for: .internationalUnit()) }
        #expect(abs(total - 5.3) < 1e-12)
        #expect(HKInsulinDeliveryReason.bolus.rawValue == 2)
        #expect((basal.metadata?[HKMetadataKeyInsulinDeliveryReason] as? NSNumber)?.intValue == 1)
    }

    @Test func heartRateWithMotionContextAndSensorLocation() {
        let sample = HKQuantitySample(
            type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 58),
            start: start, end: start.addingTimeInterval(5),
            metadata: [
                HKMetadataKeyHeartRateMotionContext: NSNumber(value: HKHeartRateMotionContext.sedentary.rawValue),
                HKMetadataKeyHeartRateSensorLocation: HKHeartRateSensorLocation.chest.rawValue,
            ])
        #expect(sample.metadata?.count == 2)
        #expect(HKHeartRateMotionContext.sedentary.rawValue == 1)
        #expect(HKHeartRateSensorLocation.chest.rawValue == 1)
    }

    @Test func metadataNumbersReadBackAsAnyNumericTypeAsOnIOS() {
        // HealthKit hands metadata back as NSNumbers, so an Int written by one part of an app reads back as a
        // Double or Bool in another: `as? Double` on an integer value succeeds on iOS.
        let sample = HKCategorySample(type: HKCategoryType(.menstrualFlow), value: HKCategoryValueVaginalBleeding.medium.rawValue,
                                      start: start, end: start.addingTimeInterval(86_400),
                                      metadata: [HKMetadataKeyMenstrualCycleStart: true, HKMetadataKeySyncIdentifier: "cycle-1",
                                                 HKMetadataKeySyncVersion: 2])
        #expect(sample.metadata?[HKMetadataKeyMenstrualCycleStart] as? Bool == true)
        #expect(sample.metadata?[HKMetadataKeySyncVersion] as? Int == 2)
        #expect(sample.metadata?[HKMetadataKeySyncVersion] as? NSNumber == NSNumber(value: 2))
        #expect(sample.metadata?[HKMetadataKeySyncVersion] as? Double == 2.0)
        #expect(sample.metadata?[HKMetadataKeyMenstrualCycleStart] as? Int == 1)
        #expect(sample.metadata?[HKMetadataKeyMenstrualCycleStart] as? NSNumber == NSNumber(value: true))
    }

    @Test func nightOfSleepStages() {
        let bedtime = start
        func stage(_ value: HKCategoryValueSleepAnalysis, _ from: Double, _ to: Double) -> HKCategorySample {
            HKCategorySample(type: HKObjectType.categoryType(forIdentifier: .sleepAnalysis)!, value: value.rawValue,
                             start: bedtime.addingTimeInterval(from * 60), end: bedtime.addingTimeInterval(to * 60))
        }
        let night = [
            stage(.inBed, 0, 510),
            stage(.asleepCore, 30, 180), stage(.asleepDeep, 180, 240), stage(.asleepREM, 240, 270),
            stage(.awake, 270, 280), stage(.asleepCore, 280, 480),
        ]
        let asleep = night
            .filter { HKCategoryValueSleepAnalysis.allAsleepValues.contains(HKCategoryValueSleepAnalysis(rawValue: $0.value)!) }
            .reduce(0) { $0 + $1.endDate.timeIntervalSince($1.startDate) }
        // 150 + 60 + 30 + 200 minutes.
        #expect(asleep == 440 * 60)
        #expect(night.filter { $0.value == HKCategoryValueSleepAnalysis.awake.rawValue }.count == 1)
        #expect(Set(night).count == 6)
    }

    @Test func mindfulMinutes() {
        let session = HKCategorySample(type: HKCategoryType(.mindfulSession), value: HKCategoryValue.notApplicable.rawValue,
                                       start: start, end: start.addingTimeInterval(600))
        #expect(session.categoryType == HKCategoryType(.mindfulSession))
        #expect(session.value == 0)
        #expect(session.endDate.timeIntervalSince(session.startDate) / 60 == 10)
    }

    @Test func samplesAreIdentifiedByUUID() {
        let type = HKQuantityType(.stepCount)
        let first = HKQuantitySample(type: type, quantity: HKQuantity(unit: .count(), doubleValue: 100), start: start, end: start)
        let second = HKQuantitySample(type: type, quantity: HKQuantity(unit: .count(), doubleValue: 100), start: start, end: start)
        #expect(first != second)
        #expect(first.uuid != second.uuid)
        #expect(Set([first, second, first]).count == 2)
        let ordered = [second, first].sorted { $0.startDate < $1.startDate }
        #expect(ordered.count == 2)
    }

    @Test func samplesCarryTheAppAsTheirSource() {
        let sample = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 10),
                                      start: start, end: start)
        #expect(sample.sourceRevision.source == HKSource.default())
        #expect(!sample.sourceRevision.source.bundleIdentifier.isEmpty)
        #expect(!sample.sourceRevision.source.name.isEmpty)
    }

    @Test func sourceRevisionsAndDevices() {
        let source = HKSource.default()
        let revision = HKSourceRevision(source: source, version: "42",
                                        productType: "iPhone15,2",
                                        operatingSystemVersion: OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 1))
        #expect(revision.source == source)
        #expect(revision.version == "42")
        #expect(revision.productType == "iPhone15,2")
        #expect(revision.operatingSystemVersion.majorVersion == 17)
        let wildcard = HKSourceRevision(source: source, version: nil)
        #expect(wildcard.productType == HKSourceRevisionAnyProductType)
        #expect(wildcard.operatingSystemVersion.majorVersion == HKSourceRevisionAnyOperatingSystem.majorVersion)
        #expect(HKSourceRevisionAnyVersion == "HKSourceRevisionAnyVersion")

        let blank = HKDevice(name: nil, manufacturer: "", model: nil, hardwareVersion: nil, firmwareVersion: nil,
                             softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        #expect(blank.manufacturer == nil)
        #expect(meter == meter.copy() as? HKDevice)
        let local = HKDevice.local()
        #expect(local.softwareVersion != nil)
        #expect(HKDevicePropertyKeyManufacturer == "HKDevicePropertyManufacturer")
    }

    @Test func theConcreteSubclassOfAnAppBuiltQuantitySample() throws {
        let heartRate = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 64),
                                         start: start, end: start)
        // On iOS the initialiser returns an HKDiscreteQuantitySample; a Swift initialiser cannot (documented deviation).
        withKnownIssue("HKQuantitySample(type:quantity:start:end:) cannot return the concrete subclass in Swift") {
            #expect(heartRate is HKDiscreteQuantitySample)
        }
        // The subclass's inherited initialiser gives the concrete class directly.
        let resting = HKDiscreteQuantitySample(type: HKQuantityType(.restingHeartRate),
                                               quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 52), start: start, end: start)
        #expect(resting.averageQuantity.doubleValue(for: HKUnit(from: "count/min")) == 52)
        // OpenHealthKit extension: the checked twin returns the concrete subclass.
        let steps = try HKQuantitySample.checked(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 500),
                                                 start: start, end: start.addingTimeInterval(60))
        let cumulative = try #require(steps as? HKCumulativeQuantitySample)
        #expect(cumulative.sumQuantity.doubleValue(for: .count()) == 500)
        let discrete = try #require(try HKQuantitySample.checked(
            type: HKQuantityType(.bodyTemperature), quantity: HKQuantity(unit: .degreeCelsius(), doubleValue: 36.6),
            start: start, end: start) as? HKDiscreteQuantitySample)
        #expect(discrete.maximumQuantity.doubleValue(for: .degreeCelsius()) == 36.6)
        #expect(discrete.mostRecentQuantityDateInterval == DateInterval(start: start, end: start))
    }

    @Test func invalidInputCaughtAsHealthKitErrorsWithTheCheckedTwins() {
        let type = HKQuantityType(.bodyMass)
        let kilograms = HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 70)
        do {
            _ = try HKQuantitySample.checked(type: type, quantity: kilograms, start: start, end: start.addingTimeInterval(-1))
            Issue.record("an end before the start must be rejected")
        } catch HKError.errorInvalidArgument {
            // expected
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: HKError.self) {
            try HKQuantitySample.checked(type: type, quantity: HKQuantity(unit: .meter(), doubleValue: 1), start: start, end: start)
        }
        #expect(throws: HKError.self) {
            try HKQuantitySample.checked(type: type, quantity: kilograms, start: start, end: start,
                                         metadata: [HKMetadataKeySyncIdentifier: "only-the-identifier"])
        }
        #expect(throws: HKError.self) {
            try HKCategorySample.checked(type: HKCategoryType(.sleepAnalysis), value: 42, start: start, end: start)
        }
        #expect(throws: HKError.self) {
            try HKCategorySample.checked(type: HKCategoryType(.mindfulSession), value: 0, start: start, end: start,
                                         metadata: ["com.example.tags": ["calm", "focus"]])
        }
        // The checked twins throw HKError itself (typed throws), so the caught error needs no cast.
        do {
            _ = try HKCategorySample.checked(type: HKCategoryType(.headache), value: 9, start: start, end: start)
            Issue.record("9 is no HKCategoryValueSeverity")
        } catch {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.localizedDescription.contains("HKCategoryTypeIdentifierHeadache"))
        }
    }

    @Test func aQuantityInTheWrongUnitTrapsAsOnIOS() async {
        await #expect(processExitsWith: .failure) {
            let date = Date(timeIntervalSince1970: 0)
            _ = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .meter(), doubleValue: 1),
                                 start: date, end: date)
        }
    }

    @Test func aCategoryValueOutsideTheEnumTrapsAsOnIOS() async {
        await #expect(processExitsWith: .failure) {
            let date = Date(timeIntervalSince1970: 0)
            _ = HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: 99, start: date, end: date)
        }
    }
}
