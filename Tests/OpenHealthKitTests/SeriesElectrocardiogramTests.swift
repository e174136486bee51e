import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import OpenHealthKitTestSupport
import Testing

@Suite("Electrocardiograms: storage, HKSampleQuery, anchored queries, predicates and HKElectrocardiogramQuery")
struct SeriesElectrocardiogramTests {
    typealias F = StoreFixture
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let ecgType = HKObjectType.electrocardiogramType()
    static let watch = HKSourceRevision(source: HKSource(name: "ECG", bundleIdentifier: "com.apple.NanoHeartRhythm"), version: "2")

    /// A 30-second recording at 512 Hz of `count` measurements (a small sine), classified as `classification`.
    static func ecg(_ classification: HKElectrocardiogram.Classification, symptoms: HKElectrocardiogram.SymptomsStatus = .none,
                    heartRate: Double = 62, count: Int = 40, offset: TimeInterval = 0) throws -> HKElectrocardiogram {
        let measurements = try (0..<count).map { index in
            try HKElectrocardiogram.VoltageMeasurement(
                timeSinceSampleStart: Double(index) / 512,
                voltages: [.appleWatchSimilarToLeadI: HKQuantity(unit: .voltUnit(with: .micro), doubleValue: sin(Double(index) / 5) * 300)])
        }
        return try HKElectrocardiogram(
            start: start.addingTimeInterval(offset), end: start.addingTimeInterval(offset + 30), classification: classification,
            symptomsStatus: symptoms, averageHeartRate: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: heartRate),
            samplingFrequency: HKQuantity(unit: .hertz(), doubleValue: 512), voltageMeasurements: measurements,
            sourceRevision: watch, device: HKDevice(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch",
                                                   hardwareVersion: "Watch6,2", firmwareVersion: nil, softwareVersion: "10.1",
                                                   localIdentifier: nil, udiDeviceIdentifier: nil))
    }

    /// A store on a new file holding `ecgs` as Apple Watch recorded them; its app may read ECGs when `readable`.
    static func store(with ecgs: [HKElectrocardiogram], readable: Bool = true, path: String = F.temporaryDatabasePath()) async throws -> HKHealthStore {
        let storage = try SQLiteHealthStorage(path: path)
        _ = try storage.save(try ecgs.flatMap { try ObjectMapping.records(from: $0) })
        let store = try F.store(storage: storage, prompt: FixedAuthorizationPrompt(allows: readable))
        try await store.requestAuthorization(toShare: [], read: [ecgType])
        return store
    }

    /// Runs an ECG query and returns the measurements, or the error it ended with.
    static func measurements(_ store: HKHealthStore, _ ecg: HKElectrocardiogram) async -> Result<[HKElectrocardiogram.VoltageMeasurement], HKError> {
        await withCheckedContinuation { continuation in
            let collected = EventRecorder<HKElectrocardiogram.VoltageMeasurement>()
            store.execute(HKElectrocardiogramQuery(ecg) { _, result in
                switch result {
                case .measurement(let measurement): collected.record(measurement)
                case .done: continuation.resume(returning: .success(collected.events))
                case .error(let error): continuation.resume(returning: .failure(HKError.from(error)))
                }
            })
        }
    }

    @Test("an ECG comes back from the file with its summary, and its measurements in order from HKElectrocardiogramQuery")
    func sampleQueryThenVoltages() async throws {
        let recorded = try Self.ecg(.sinusRhythm)
        let path = F.temporaryDatabasePath()
        _ = try await Self.store(with: [recorded], path: path)
        let store = try F.store(storage: try SQLiteHealthStorage(path: path))
        try await store.requestAuthorization(toShare: [], read: [Self.ecgType])
        let found = try await QueryFixture.samples(store, Self.ecgType)
        let ecg = try #require(found.first as? HKElectrocardiogram)
        #expect(found.count == 1 && ecg.uuid == recorded.uuid)
        #expect(ecg.classification == .sinusRhythm && ecg.symptomsStatus == HKElectrocardiogram.SymptomsStatus.none)
        #expect(ecg.averageHeartRate?.doubleValue(for: .count().unitDivided(by: .minute())) == 62)
        #expect(ecg.samplingFrequency?.doubleValue(for: .hertz()) == 512)
        #expect(ecg.numberOfVoltageMeasurements == 40)
        #expect(ecg.sourceRevision.source.bundleIdentifier == "com.apple.NanoHeartRhythm" && ecg.device?.hardwareVersion == "Watch6,2")

        let measurements = try await Self.measurements(store, ecg).get()
        #expect(measurements.count == 40)
        #expect(measurements.map(\.timeSinceSampleStart) == (0..<40).map { Double($0) / 512 })
        let volts = try #require(measurements[5].quantity(for: .appleWatchSimilarToLeadI))
        #expect(abs(volts.doubleValue(for: .volt()) - sin(1) * 300e-6) < 1e-12)

        var streamed = 0
        for try await _ in HKElectrocardiogramQueryDescriptor(ecg).results(for: store) { streamed += 1 }
        #expect(streamed == 40)
    }

    @Test("predicates by classification, symptoms status and average heart rate (factories and format strings); anchored query")
    func predicatesAndAnchoredQuery() async throws {
        let normal = try Self.ecg(.sinusRhythm, offset: 0)
        let afib = try Self.ecg(.atrialFibrillation, symptoms: .present, heartRate: 118, offset: 3600)
        let poor = try Self.ecg(.inconclusivePoorReading, offset: 7200)
        let store = try await Self.store(with: [normal, afib, poor])

        let byClass = try await QueryFixture.samples(store, Self.ecgType, predicate: HKQuery.predicateForElectrocardiograms(classification: .atrialFibrillation))
        #expect(byClass.map(\.uuid) == [afib.uuid])
        let bySymptoms = try await QueryFixture.samples(store, Self.ecgType, predicate: HKQuery.predicateForElectrocardiograms(symptomsStatus: .none))
        #expect(Set(bySymptoms.map(\.uuid)) == [normal.uuid, poor.uuid])
        let fast = NSPredicate(format: "%K > %@", HKPredicateKeyPathAverageHeartRate,
                               HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 100))
        #expect(try await QueryFixture.samples(store, Self.ecgType, predicate: fast).map(\.uuid) == [afib.uuid])
        let inconclusive = NSPredicate(format: "%K == %d", HKPredicateKeyPathECGClassification,
                                       HKElectrocardiogram.Classification.inconclusivePoorReading.rawValue)
        #expect(try await QueryFixture.samples(store, Self.ecgType, predicate: inconclusive).map(\.uuid) == [poor.uuid])

        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.electrocardiogram()], anchor: nil)
        let changes = try await descriptor.result(for: store)
        #expect(Set(changes.addedSamples.map(\.uuid)) == [normal.uuid, afib.uuid, poor.uuid])
        #expect(changes.addedSamples.allSatisfy { $0.numberOfVoltageMeasurements == 40 })
    }

    @Test("ECGs are read-only: an app without read access sees none and its ECG query fails with errorNoData; saving fails")
    func readOnly() async throws {
        let ecg = try Self.ecg(.sinusRhythm)
        let store = try await Self.store(with: [ecg], readable: false)
        #expect(try await QueryFixture.samples(store, Self.ecgType).isEmpty)
        #expect(await Self.measurements(store, ecg).failure?.code == .errorNoData)
        let other = try Self.ecg(.sinusRhythm, offset: 60)
        await #expect(throws: HKError.self) { try await store.save(other) }
    }

    @Test("bad input: a voltage that is not in volts, a measurement outside the recording, a heart rate in the wrong unit")
    func badInput() throws {
        #expect(throws: HKError.self) {
            try HKElectrocardiogram.VoltageMeasurement(timeSinceSampleStart: 0, voltages: [.appleWatchSimilarToLeadI: HKQuantity(unit: .meter(), doubleValue: 1)])
        }
        let late = try HKElectrocardiogram.VoltageMeasurement(timeSinceSampleStart: 31, voltages: [:])
        #expect(throws: HKError.self) {
            try HKElectrocardiogram(start: Self.start, end: Self.start.addingTimeInterval(30), classification: .notSet, symptomsStatus: .notSet,
                                    averageHeartRate: nil, samplingFrequency: nil, voltageMeasurements: [late])
        }
        #expect(throws: HKError.self) {
            try HKElectrocardiogram(start: Self.start, end: Self.start.addingTimeInterval(30), classification: .notSet, symptomsStatus: .notSet,
                                    averageHeartRate: HKQuantity(unit: .meter(), doubleValue: 1), samplingFrequency: nil, voltageMeasurements: [])
        }
        let ecg = try Self.ecg(.inconclusiveOther)
        let data = try NSKeyedArchiver.archivedData(withRootObject: ecg, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKElectrocardiogram.self, from: data))
        #expect(restored.classification == .inconclusiveOther && restored.voltageMeasurements == ecg.voltageMeasurements)
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
