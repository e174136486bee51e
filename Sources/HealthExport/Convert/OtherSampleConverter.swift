import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// `Audiogram` and `VisionPrescription` elements as records of kind `other` whose payload is the element as
/// JSON (``StoredElement``): OpenHealthKit builds ``HKAudiogramSample`` and ``HKVisionPrescription`` objects
/// from it, and export writes it back unchanged. See docs/AppleHealthExport.md.
enum OtherSampleConverter {
    /// The element as a stored record (content-hash UUID over the element's JSON alone, so identities of earlier
    /// imports stand), with its device and typed metadata; a problem when the element has no date or does not
    /// make a valid object.
    static func record(_ node: ExportNode, records: inout ExportElementConverter) -> Result<SampleRecord, ImportProblem> {
        let attributes = node.attributes
        let start = (attributes["startDate"] ?? attributes["dateIssued"]).flatMap(ExportValues.date)
        guard let start else { return .failure(ImportProblem(.badDate, line: node.line, "\(node.name) has no readable startDate/dateIssued")) }
        let end = (attributes["endDate"] ?? attributes["expirationDate"]).flatMap(ExportValues.date) ?? start
        guard end >= start else { return .failure(ImportProblem(.endBeforeStart, line: node.line, "\(node.name) ends before it starts")) }
        let source = records.sources.source(name: attributes["sourceName"] ?? "Health", version: attributes["sourceVersion"])
        guard let payload = try? StoredElement(node).encoded() else {
            return .failure(ImportProblem(.invalidObject, line: node.line, "\(node.name) could not be encoded"))
        }
        var hasher = IdentityHasher(kind: "Element")
        payload.withUnsafeBytes { hasher.add(bytes: $0.bindMemory(to: UInt8.self)) }
        let type = node.name == "Audiogram" ? HKAudiogramSampleType.audiogramSampleType().identifier : HKObjectType.visionPrescriptionType().identifier
        var record = SampleRecord(uuid: hasher.uuid(at: start), kind: .other, type: type, startDate: start, endDate: end,
                                  source: source.record, payload: payload)
        record.device = attributes["device"].flatMap { ExportSources.resolveDevice($0).record }
        do {
            record.fields = try MetadataMapping.fields(from: records.metadata.metadata(node.metadataEntries))
            _ = try ObjectMapping.object(from: record)
        } catch {
            return .failure(ImportProblem(.invalidObject, line: node.line, "\(node.name): \(error.localizedDescription)"))
        }
        return .success(record)
    }
}

/// Heartbeat lists (`InstantaneousBeatsPerMinute` under an HRV record) as an `HKHeartbeatSeriesSample`, a child record
/// of that record (see `HeartbeatMapping` for the payload, which keeps the list as written for export).
enum SeriesRecords {
    /// The series record of `beats` listed under `parent`.
    static func heartbeats(_ beats: [(bpm: String, time: String)], of parent: SampleRecord) throws(HKError) -> SampleRecord {
        var hasher = IdentityHasher(kind: "Heartbeats")
        hasher.add(parent.uuid.halves)
        return try HeartbeatMapping.record(list: beats, of: parent, uuid: hasher.uuid(at: parent.startDate))
    }
}

extension StoredElement {
    /// The element of an export node: name, attributes, children.
    init(_ node: ExportNode) {
        self.init(name: node.name, attributes: node.attributes, children: node.children.map(StoredElement.init))
    }
}
