// Reading ECGs as Apple's HKElectrocardiogram page shows it: an HKSampleQuery for HKObjectType.electrocardiogramType(),
// then an HKElectrocardiogramQuery per ECG whose handler switches over measurement / done / error. Only placing the
// watch's recording in the database is not iOS code (apps cannot save ECGs).
import Foundation
import HealthKit
import Testing

@Suite("ECG scenarios: HKElectrocardiogram and HKElectrocardiogramQuery as apps read them")
struct ElectrocardiogramScenarios {
    @Test func anAppReadsTheWatchsECGAndItsVoltages() async throws {
        let device = try ScenarioDevice()
        let start = Date(timeIntervalSince1970: 1_710_057_600)
        let measurements = try (0..<512).map { index in
            try HKElectrocardiogram.VoltageMeasurement(
                timeSinceSampleStart: Double(index) / 512,
                voltages: [.appleWatchSimilarToLeadI: HKQuantity(unit: .voltUnit(with: .micro), doubleValue: Double(index % 50) - 25)])
        }
        let recording = try HKElectrocardiogram(
            start: start, end: start.addingTimeInterval(30), classification: .sinusRhythm, symptomsStatus: .none,
            averageHeartRate: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 64),
            samplingFrequency: HKQuantity(unit: .hertz(), doubleValue: 512), voltageMeasurements: measurements,
            sourceRevision: HKSourceRevision(source: HKSource(name: "ECG", bundleIdentifier: "com.apple.NanoHeartRhythm"), version: "1"))
        try device.recordOnAppleWatch([recording])
        let healthStore = device.healthStore()
        try await healthStore.requestAuthorization(toShare: [], read: [HKObjectType.electrocardiogramType()])

        // Create the electrocardiogram sample type, then query for electrocardiogram samples.
        let ecgType = HKObjectType.electrocardiogramType()
        let found = Deliveries<HKElectrocardiogram>()
        let ecgQuery = HKSampleQuery(sampleType: ecgType, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil) { query, samples, error in
            if let error = error { Issue.record("\(error)"); return }
            guard let ecgSamples = samples as? [HKElectrocardiogram] else { fatalError("*** Unable to convert \(String(describing: samples)) to [HKElectrocardiogram] ***") }
            for sample in ecgSamples { found.append(sample) }
        }
        healthStore.execute(ecgQuery)
        #expect(await found.wait(for: 1))
        let ecgSample = try #require(found.all.first)
        #expect(ecgSample.classification == .sinusRhythm && ecgSample.numberOfVoltageMeasurements == 512)
        #expect(ecgSample.averageHeartRate?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())) == 64)

        // Create a query for the electrocardiogram's voltage measurements.
        let volts = Deliveries<Double>()
        let finished = Deliveries<Bool>()
        let voltageQuery = HKElectrocardiogramQuery(ecgSample) { query, result in
            switch result {
            case .error(let error):
                Issue.record("*** An error occurred \(error.localizedDescription) ***")
            case .measurement(let measurement):
                if let voltageQuantity = measurement.quantity(for: .appleWatchSimilarToLeadI) {
                    volts.append(voltageQuantity.doubleValue(for: .voltUnit(with: .micro)))
                }
            case .done:
                finished.append(true)
            }
        }
        healthStore.execute(voltageQuery)
        #expect(await finished.wait(for: 1))
        #expect(volts.all.count == 512)
        #expect(abs(volts.all[3] - (-22)) < 1e-9)

        let afib = try await HKSampleQueryDescriptor(
            predicates: [.electrocardiogram(HKQuery.predicateForElectrocardiograms(classification: .atrialFibrillation))],
            sortDescriptors: []).result(for: healthStore)
        #expect(afib.isEmpty)
    }
}
