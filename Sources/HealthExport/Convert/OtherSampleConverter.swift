import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// Elements OpenHealthKit has no HealthKit class for yet (`Audiogram`, `VisionPrescription`), stored as records of kind `other` whose payload is the element as JSON, so nothing is lost and
/// export writes them back. See docs/AppleHealthExport.md.
enum OtherSampleConverter {
    /// The element as a stored record, with a content-hash UUID.
    static func record(_ node: ExportNode, sources: inout ExportSources) -> Result<SampleRecord, ImportProblem> {
        let attributes = node.attributes
        let start = (attributes["startDate"] ?? attributes["dateIssued"]).flatMap(ExportValues.date)
        guard let start else { return .failure(ImportProblem(.badDate, line: node.line, "\(node.name) has no readable startDate/dateIssued")) }
        let end = (attributes["endDate"] ?? attributes["expirationDate"]).flatMap(ExportValues.date).map { max($0, start) } ?? start
        let source = sources.source(name: attributes["sourceName"] ?? "Health", version: attributes["sourceVersion"])
        guard let payload = try? JSONEncoder.sortedKeys.encode(StoredElement(node)) else {
            return .failure(ImportProblem(.invalidObject, line: node.line, "\(node.name) could not be encoded"))
        }
        var hasher = IdentityHasher(kind: "Element")
        payload.withUnsafeBytes { hasher.add(bytes: $0.bindMemory(to: UInt8.self)) }
        let type = node.name == "Audiogram" ? HKAudiogramSampleType.audiogramSampleType().identifier : HKObjectType.visionPrescriptionType().identifier
        return .success(SampleRecord(uuid: hasher.uuid(at: start), kind: .other, type: type, startDate: start, endDate: end,
                                     source: SourceMapping.record(from: source.revision), payload: payload))
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

/// An element as JSON: name, attributes, children.
struct StoredElement: Codable, Hashable {
    var name: String
    var attributes: [String: String]
    var children: [StoredElement]

    init(_ node: ExportNode) {
        name = node.name
        attributes = node.attributes
        children = node.children.map(StoredElement.init)
    }
}
