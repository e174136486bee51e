import Foundation
import OpenHealthKit

/// How stored objects become rows: the same columns for `health query` and `health changes`, for every kind of
/// object (samples of every kind, documents, clinical and verifiable records, activity summaries).
///
/// `value` is an exact number where the object has one main figure (a quantity, a workout's duration, an activity
/// summary's active energy, a route's or series' point count), else a name; `details` says the rest in words.
/// Scripts (JSON, NDJSON, CSV) also get the source's bundle identifier and the metadata as a JSON object.
struct ObjectRows {
    /// Dates are written in this time zone.
    var timeZone: TimeZone = .current
    /// Quantities in this unit when given (the caller checked it fits the type).
    var unit: HKUnit?
    /// Whether to add the script columns.
    var forScripts: Bool

    /// The columns of a row.
    var columns: [String] {
        ["start", "end", "type", "value", "unit", "source", "details", "uuid"] + (forScripts ? ["bundleIdentifier", "metadata"] : [])
    }

    /// A writer for these rows.
    func writer(_ format: OutputFormat, extraColumns: [String] = [], output: @escaping (String) -> Void = Console.write) -> RowWriter {
        RowWriter(columns: extraColumns + columns, numericColumns: ["value"], jsonColumns: ["metadata"], format: format, output: output)
    }

    /// The cells of `sample`; `details` replaces the computed details when given.
    func cells(_ sample: HKSample, details extra: String? = nil) -> [String?] {
        let (value, unitText, details) = Self.describe(sample, unit: unit)
        var cells: [String?] = [DateText.format(sample.startDate, timeZone: timeZone), DateText.format(sample.endDate, timeZone: timeZone),
                                sample.sampleType.shortName, value, unitText, sample.sourceRevision.source.name, extra ?? details,
                                sample.uuid.uuidString]
        if forScripts { cells += [sample.sourceRevision.source.bundleIdentifier, MetadataJSON.text(sample.metadata)] }
        return cells
    }

    /// The cells of an activity summary stored as record `uuid`, written by `source`.
    func cells(_ summary: HKActivitySummary, uuid: UUID, source: HKSource?) -> [String?] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = summary.dateComponents(for: calendar)
        let start = calendar.date(from: day).map { DateText.day($0, timeZone: timeZone) }
        let energy = summary.activeEnergyBurned.doubleValue(for: .kilocalorie())
        let move = Self.ring("move", summary.activeEnergyBurned, summary.activeEnergyBurnedGoal, .kilocalorie())
        let exercise = Self.ring("exercise", summary.appleExerciseTime, summary.exerciseTimeGoal, .minute())
        let stand = Self.ring("stand", summary.appleStandHours, summary.standHoursGoal, .count(), label: "hours")
        let details = [move, exercise, stand].joined(separator: ", ")
        var cells: [String?] = [start, start, "activitySummary", NumberText.exact(energy), "kcal", source?.name, details, uuid.uuidString]
        if forScripts { cells += [source?.bundleIdentifier, nil] }
        return cells
    }

    private static func rounded(_ value: Double) -> String { NumberText.rounded(value) }

    /// `move 450/500 kcal`: a ring's value, its goal when there is one, and the unit.
    private static func ring(_ name: String, _ value: HKQuantity, _ goal: HKQuantity?, _ unit: HKUnit, label: String? = nil) -> String {
        let shown: String = rounded(value.doubleValue(for: unit))
        let target: String = goal.map { "/" + rounded($0.doubleValue(for: unit)) } ?? ""
        return "\(name) \(shown)\(target) \(label ?? unit.unitString)"
    }

    private static func quantityText(_ quantity: HKQuantity) -> String {
        "\(rounded(quantity.originalValue)) \(quantity.originalUnit.unitString)"
    }

    /// The value, unit and details of `sample`.
    static func describe(_ sample: HKSample, unit: HKUnit?) -> (String?, String?, String?) {
        switch sample {
        case let quantitySample as HKQuantitySample:
            let quantity = quantitySample.quantity
            if let unit, let value = try? quantity.checkedDoubleValue(for: unit) { return (NumberText.exact(value), unit.unitString, nil) }
            return (NumberText.exact(quantity.originalValue), quantity.originalUnit.unitString, nil)
        case let category as HKCategorySample:
            return (category.categoryType.valueDomain.exportName(for: category.value) ?? String(category.value), nil, nil)
        case let workout as HKWorkout:
            let name = workout.workoutActivityType.exportName.replacingOccurrences(of: "HKWorkoutActivityType", with: "")
            var parts = [name.prefix(1).lowercased() + name.dropFirst()]
            if let distance = workout.totalDistance { parts.append(quantityText(distance)) }
            if let energy = workout.totalEnergyBurned { parts.append(quantityText(energy)) }
            parts.append("\(workout.workoutEvents?.count ?? 0) events")
            parts.append("\(workout.allStatistics.count) statistics")
            return (NumberText.exact(workout.duration), "s", parts.joined(separator: ", "))
        case let correlation as HKCorrelation:
            let members = correlation.objects.compactMap { $0 as? HKQuantitySample }.sorted { $0.quantityType.shortName > $1.quantityType.shortName }
                .map { "\($0.quantityType.shortName) \(quantityText($0.quantity))" }
            return (String(correlation.objects.count), "samples", members.joined(separator: ", "))
        case let route as HKWorkoutRoute:
            return (String(route.count), "locations", nil)
        case let series as HKHeartbeatSeriesSample:
            return (String(series.count), "beats", nil)
        case let ecg as HKElectrocardiogram:
            let rate = ecg.averageHeartRate.map { "average \(rounded($0.doubleValue(for: .count().unitDivided(by: .minute())))) count/min" }
            return (String(ecg.numberOfVoltageMeasurements), "measurements",
                    (["classification \(String(describing: ecg.classification))"] + [rate].compactMap { $0 }).joined(separator: ", "))
        case let record as HKClinicalRecord:
            return (nil, nil, record.displayName)
        case let record as HKVerifiableClinicalRecord:
            return (nil, nil, "\(record.itemNames.joined(separator: "; ")) (issued by \(record.issuerIdentifier))")
        case let document as HKCDADocumentSample:
            return (nil, nil, document.document.map { "\($0.title) (patient \($0.patientName))" })
        case let audiogram as HKAudiogramSample:
            return (String(audiogram.sensitivityPoints.count), "frequencies", nil)
        case let prescription as HKVisionPrescription:
            return (prescription.prescriptionType == .contacts ? "contacts" : "glasses", nil, nil)
        default:
            return (nil, nil, nil)
        }
    }
}

/// Metadata as a JSON object with each value in its stored type: numbers as JSON numbers (exact), text as
/// strings, dates as ISO 8601 strings, quantities as `"value unit"` strings.
enum MetadataJSON {
    /// The object, keys sorted; nil when there is no metadata.
    static func text(_ metadata: [String: Any]?) -> String? {
        guard let metadata, !metadata.isEmpty else { return nil }
        let fields = metadata.keys.sorted().map { key in RowWriter.jsonString(key) + ": " + value(metadata[key]!) }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    private static func value(_ value: Any) -> String {
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            let kind = String(cString: number.objCType)
            if kind == "c" || kind == "B" { return number.boolValue ? "true" : "false" }
            if ["q", "i", "l", "s", "Q", "I", "L", "S"].contains(kind) { return number.stringValue }
            return number.doubleValue.isFinite ? NumberText.exact(number.doubleValue) : "null"
        }
        switch value {
        case let text as String: return RowWriter.jsonString(text)
        case let date as Date: return RowWriter.jsonString(DateText.format(date, timeZone: TimeZone(secondsFromGMT: 0)!))
        case let quantity as HKQuantity:
            return RowWriter.jsonString("\(NumberText.exact(quantity.originalValue)) \(quantity.originalUnit.unitString)")
        default: return RowWriter.jsonString(String(describing: value))
        }
    }
}
