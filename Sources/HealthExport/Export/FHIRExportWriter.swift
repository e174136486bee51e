import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// A FHIR R4 Bundle (type `collection`): one Observation per quantity sample (LOINC-coded where HealthKit's
/// type has a well-known code, always also coded by its HealthKit identifier) and every stored clinical
/// record's own FHIR resource. Written as a stream.
struct FHIRExportWriter {
    let storage: any HealthStorage
    let selection: ExportSelection
    let file: URL
    /// Told of the records written, page by page.
    var progress: ExportProgress.Counter? = nil

    /// LOINC codes of common quantity types.
    static let loinc: [String: (code: String, display: String)] = [
        "HKQuantityTypeIdentifierHeartRate": ("8867-4", "Heart rate"),
        "HKQuantityTypeIdentifierStepCount": ("55423-8", "Number of steps"),
        "HKQuantityTypeIdentifierBodyMass": ("29463-7", "Body weight"),
        "HKQuantityTypeIdentifierHeight": ("8302-2", "Body height"),
        "HKQuantityTypeIdentifierBodyMassIndex": ("39156-5", "Body mass index"),
        "HKQuantityTypeIdentifierBloodPressureSystolic": ("8480-6", "Systolic blood pressure"),
        "HKQuantityTypeIdentifierBloodPressureDiastolic": ("8462-4", "Diastolic blood pressure"),
        "HKQuantityTypeIdentifierBodyTemperature": ("8310-5", "Body temperature"),
        "HKQuantityTypeIdentifierOxygenSaturation": ("59408-5", "Oxygen saturation by pulse oximetry"),
        "HKQuantityTypeIdentifierRespiratoryRate": ("9279-1", "Respiratory rate"),
        "HKQuantityTypeIdentifierBloodGlucose": ("2339-0", "Glucose [Mass/volume] in Blood"),
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": ("80404-7", "R-R interval.standard deviation"),
    ]

    /// Writes the bundle; returns entries written by resource type.
    func write() throws -> [String: Int] {
        let output = try XMLOutput(file)
        var counts: [String: Int] = [:]
        var first = true
        output.write("{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"timestamp\":\"\(ExportText.iso(Date()))\",\"entry\":[\n")
        func entry(_ json: String, _ type: String) {
            output.write((first ? "" : ",\n") + json)
            first = false
            counts[type, default: 0] += 1
        }
        try StoreScan(storage: storage, filter: selection.filter, progress: progress).forEachPage { page in
            for record in page {
                switch record.kind {
                case .quantity: entry(try observation(record), "Observation")
                case .clinical:
                    guard let clinical = try ObjectMapping.object(from: record) as? HKClinicalRecord, let resource = clinical.fhirResource else { continue }
                    entry("{\"fullUrl\":\"urn:uuid:\(record.uuid.uuidString.lowercased())\",\"resource\":\(String(decoding: resource.data, as: UTF8.self))}",
                          resource.resourceType.rawValue)
                default: continue
                }
            }
        }
        output.write("\n]}\n")
        try output.close()
        return counts
    }

    private func observation(_ record: SampleRecord) throws -> String {
        var codings = [["system": "https://developer.apple.com/documentation/healthkit", "code": record.type]]
        if let code = Self.loinc[record.type] { codings.insert(["system": "http://loinc.org", "code": code.code, "display": code.display], at: 0) }
        var resource: [String: Any] = [
            "resourceType": "Observation", "id": record.uuid.uuidString.lowercased(), "status": "final",
            "code": ["coding": codings, "text": HKObjectType.type(forIdentifier: record.type).map { String(describing: $0.identifier) } ?? record.type],
            "valueQuantity": ["value": record.originalQuantity ?? record.quantity ?? 0, "unit": record.unit ?? ""],
            "effectivePeriod": ["start": ExportText.iso(record.startDate), "end": ExportText.iso(record.endDate)],
        ]
        if let device = record.device { resource["device"] = ["display": SourceMapping.device(from: device).description] }
        resource["performer"] = [["display": record.source.name]]
        let data = try JSONSerialization.data(withJSONObject: ["fullUrl": "urn:uuid:\(record.uuid.uuidString.lowercased())", "resource": resource],
                                              options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
}
