import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// An ``ECGFile`` as an `HKElectrocardiogram` and back: the import of `electrocardiograms/*.csv` and what
/// `health export --format apple` writes there. See docs/AppleHealthExport.md.
///
/// The recording starts at `Recorded Date`; measurement *i* lies *i* / `Sample Rate` seconds after it, and the ECG ends
/// `count` / `Sample Rate` seconds after its start. The source is "ECG" (the Apple Watch app; the file names no source)
/// at the file's `Software Version`; `Device` (`Watch5,4`) becomes an Apple Watch with that hardware version.
enum ElectrocardiogramConverter {
    /// Metadata keys (OpenHealthKit extension) that keep the file's own classification and symptoms text when it is not
    /// the one export writes for the stored value (another language's words, a list of symptoms), so export writes it back.
    enum MetadataKey {
        /// The `Classification` text as the file wrote it.
        static let classification = "OpenHealthKitECGClassificationText"
        /// The `Symptoms` text as the file wrote it.
        static let symptoms = "OpenHealthKitECGSymptomsText"
    }

    /// The source every imported ECG has: the ECG app.
    static let sourceName = "ECG"

    /// What a file becomes: the record, and problems that did not keep it out (an unrecognised classification).
    struct Converted {
        var record: SampleRecord
        var measurements: Int
        var problems: [ImportProblem]
    }

    /// The stored record of `file` (content-hash UUID), or the problem that keeps it out.
    static func record(_ file: ECGFile, sources: inout ExportSources) -> Result<Converted, ImportProblem> {
        guard let recorded = file.field(.recordedDate) else {
            return .failure(ImportProblem(.missingAttribute, line: 1, "no \(ECGFile.Key.recordedDate.rawValue) line"))
        }
        guard let start = ExportValues.date(recorded.value) else {
            return .failure(ImportProblem(.badDate, line: recorded.line, "\(recorded.key) \"\(recorded.value)\" is not a date"))
        }
        var problems: [ImportProblem] = []
        let scale: Double
        switch unitScale(file.field(.unit)) {
        case .success(let value): scale = value
        case .failure(let problem): return .failure(problem)
        }
        var frequency: Double?
        if let rate = file.field(.sampleRate) {
            guard let value = leadingNumber(rate.value), value > 0 else {
                return .failure(ImportProblem(.badValue, line: rate.line, "\(rate.key) \"\(rate.value)\" is not a frequency"))
            }
            frequency = value
        } else if !file.voltages.isEmpty {
            return .failure(ImportProblem(.missingAttribute, line: 1, "no \(ECGFile.Key.sampleRate.rawValue) line to place the voltages in time"))
        }
        let classificationText = file.field(.classification)?.value ?? ""
        var metadata: [String: Any] = [:]
        let classification = Self.classification(of: classificationText)
        if classification == .unrecognized && normalized(classificationText) != "unrecognized" {
            problems.append(ImportProblem(.badValue, line: file.field(.classification)?.line ?? 0,
                                          "unrecognized ECG classification \"\(classificationText)\" (stored as .unrecognized)"))
        }
        if classificationText != name(of: classification) { metadata[MetadataKey.classification] = classificationText }
        let symptomsText = file.field(.symptoms)?.value ?? ""
        let symptoms = symptomsStatus(of: symptomsText)
        if symptomsText != name(of: symptoms) { metadata[MetadataKey.symptoms] = symptomsText }
        let heartRate = file.field(.averageHeartRate).flatMap { leadingNumber($0.value) }
        let device = Self.device(file.field(.device)?.value ?? "")
        let source = sources.source(name: sourceName, version: file.field(.softwareVersion)?.value)

        var hasher = IdentityHasher(kind: "Electrocardiogram")
        hasher.add(source.hash)
        hasher.add(ExportSources.hash(of: device))
        hasher.add(start.timeIntervalSince1970)
        hasher.add(frequency ?? 0)
        hasher.add(classification.rawValue)
        hasher.add(symptoms.rawValue)
        hasher.add(heartRate ?? -1)
        MetadataConverter.addIdentity(of: metadata, to: &hasher)
        hasher.add(file.voltages.count)
        var measurements: [HKElectrocardiogram.VoltageMeasurement] = []
        measurements.reserveCapacity(file.voltages.count)
        do {
            for (index, value) in file.voltages.enumerated() {
                let volts = value * scale
                hasher.add(Int((volts * 1e9).rounded()))
                // From the stored form: no `HKQuantity` (and no `HKUnit.volt()`) per measurement. The ECG's initialiser
                // checks every measurement (times inside the recording, finite voltages).
                measurements.append(HKElectrocardiogram.VoltageMeasurement(.init(t: Double(index) / (frequency ?? 1), v: volts)))
            }
            let end = start.addingTimeInterval(frequency.map { Double(file.voltages.count) / $0 } ?? 0)
            let ecg = try HKElectrocardiogram(
                start: start, end: end, classification: classification, symptomsStatus: symptoms,
                averageHeartRate: heartRate.map { HKQuantity(unit: beatsPerMinute, doubleValue: $0) },
                samplingFrequency: frequency.map { HKQuantity(unit: .hertz(), doubleValue: $0) }, voltageMeasurements: measurements,
                uuid: hasher.uuid(at: start), sourceRevision: source.revision, device: device, metadata: metadata.isEmpty ? nil : metadata)
            return .success(Converted(record: try ObjectMapping.record(from: ecg), measurements: measurements.count, problems: problems))
        } catch {
            return .failure(ImportProblem(.invalidObject, line: 0, "ECG: \(error)"))
        }
    }

    /// The file export writes for `ecg`; `dateOfBirth` is the store's, as Apple writes it (`Feb 5, 1952`, or empty).
    static func file(_ ecg: HKElectrocardiogram, dateOfBirth: String) -> ECGFile {
        let duration = ecg.endDate.timeIntervalSince(ecg.startDate)
        let frequency = ecg.samplingFrequency?.doubleValue(for: .hertz())
            ?? (duration > 0 && ecg.numberOfVoltageMeasurements > 0 ? Double(ecg.numberOfVoltageMeasurements) / duration : nil)
        var fields: [(ECGFile.Key, String)] = [
            (.name, ""), (.dateOfBirth, dateOfBirth), (.recordedDate, ExportFields.date(ecg.startDate)),
            (.classification, ecg.metadata?[MetadataKey.classification] as? String ?? name(of: ecg.classification)),
            (.symptoms, ecg.metadata?[MetadataKey.symptoms] as? String ?? name(of: ecg.symptomsStatus)),
            (.softwareVersion, ecg.sourceRevision.version ?? ""),
            (.device, ecg.device?.hardwareVersion ?? ecg.device?.name ?? ""),
        ]
        if let frequency { fields.append((.sampleRate, "\(ExportText.number(frequency)) hertz")) }
        if let heartRate = ecg.averageHeartRate?.doubleValue(for: beatsPerMinute) {
            fields.append((.averageHeartRate, "\(ExportText.number(heartRate)) bpm"))
        }
        fields += [(.lead, "Lead I"), (.unit, "µV")]
        return ECGFile(header: fields.enumerated().map { ECGFile.Field(key: $0.element.0.rawValue, value: $0.element.1, line: $0.offset + 1) },
                       voltages: ecg.voltageMeasurements.map { ($0.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: .volt()) ?? 0) * 1e6 })
    }

    // MARK: Values

    private static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())

    /// The words export writes for each classification (the ECG app's English result names).
    static func name(of classification: HKElectrocardiogram.Classification) -> String {
        switch classification {
        case .notSet: ""
        case .sinusRhythm: "Sinus Rhythm"
        case .atrialFibrillation: "Atrial Fibrillation"
        case .inconclusiveLowHeartRate: "Heart Rate Under 50"
        case .inconclusiveHighHeartRate: "Heart Rate Over 150"
        case .inconclusivePoorReading: "Poor Recording"
        case .inconclusiveOther: "Inconclusive"
        case .unrecognized: "Unrecognized"
        }
    }

    /// The classification a `Classification` text names: the ECG app's English result names (both versions' high heart
    /// rate limits), HealthKit's case names, in any case and spacing; `.unrecognized` for anything else.
    static func classification(of text: String) -> HKElectrocardiogram.Classification {
        let words = normalized(text)
        if let known = HKElectrocardiogram.Classification.allCases.first(where: { normalized(name(of: $0)) == words || normalized("\($0)") == words }) {
            return known
        }
        return classificationAliases[words] ?? .unrecognized
    }

    /// Other spellings of the ECG app's results.
    private static let classificationAliases: [String: HKElectrocardiogram.Classification] = [
        "afib": .atrialFibrillation, "heartrateover120": .inconclusiveHighHeartRate, "highheartrate": .inconclusiveHighHeartRate,
        "heartrateunder50": .inconclusiveLowHeartRate, "lowheartrate": .inconclusiveLowHeartRate,
        "poorreading": .inconclusivePoorReading, "inconclusivepoorrecording": .inconclusivePoorReading,
    ]

    /// The words export writes for each symptoms status.
    static func name(of status: HKElectrocardiogram.SymptomsStatus) -> String {
        switch status {
        case .notSet: ""
        case .none: "None"
        case .present: "Present"
        }
    }

    /// Empty: not set; "None" (or "No symptoms", or a few translations of "none"): none; anything else names symptoms.
    static func symptomsStatus(of text: String) -> HKElectrocardiogram.SymptomsStatus {
        let words = normalized(text)
        if words.isEmpty || words == "notset" { return .notSet }
        return ["none", "nosymptoms", "keine", "aucun", "aucune", "ninguno", "nessuno", "geen"].contains(words) ? .none : .present
    }

    /// `Watch5,4` → an Apple Watch of that hardware version; other text → a device of that name; empty → none.
    static func device(_ text: String) -> HKDevice? {
        guard !text.isEmpty else { return nil }
        let watch = text.hasPrefix("Watch")
        return HKDevice(name: watch ? "Apple Watch" : text, manufacturer: watch ? "Apple Inc." : nil, model: watch ? "Watch" : nil,
                        hardwareVersion: watch ? text : nil, firmwareVersion: nil, softwareVersion: nil, localIdentifier: nil,
                        udiDeviceIdentifier: nil)
    }

    /// Volts per unit of the file's voltages (`µV` when the file names none).
    private static func unitScale(_ field: ECGFile.Field?) -> Result<Double, ImportProblem> {
        switch field?.value.trimmingCharacters(in: .whitespaces) ?? "µV" {
        case "µV", "μV", "uV", "mcV": .success(1e-6)
        case "mV": .success(1e-3)
        case "V": .success(1)
        case let other: .failure(ImportProblem(.badUnit, line: field?.line ?? 0, "ECG voltage unit \"\(other)\""))
        }
    }

    /// The number a value starts with (`512.844 hertz`, `62 bpm`, `512,8 Hz`).
    private static func leadingNumber(_ text: String) -> Double? {
        guard let token = text.split(separator: " ").first else { return nil }
        let number = token.contains(".") ? String(token) : token.replacingOccurrences(of: ",", with: ".")
        return ExportValues.number(number).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Lowercase letters and digits only: `Heart Rate Over 120` → `heartrateover120`.
    private static func normalized(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
