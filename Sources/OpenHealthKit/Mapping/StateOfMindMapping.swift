import Foundation
import HealthDatabase
import HealthKitModel

/// `HKStateOfMind` as a stored record: kind `other`, type `HKDataTypeStateOfMind`, the log as a JSON payload
/// `{"kind": 1, "valence": 0.4, "labels": [17, 7], "associations": [5]}`, and searchable fields: the kind and valence
/// (``FieldKey/stateOfMindKind``, ``FieldKey/stateOfMindValence``) and one field per label and association
/// (``FieldKey/stateOfMindLabel(_:)``), which `HKQuery.predicateForStatesOfMind` tests for.
enum StateOfMindMapping {
    private struct Payload: Codable {
        var kind: Int
        var valence: Double
        var labels: [Int]
        var associations: [Int]
    }

    /// Puts `mind` into `record`'s payload and fields.
    static func fill(_ record: inout SampleRecord, from mind: HKStateOfMind) throws(HKError) {
        record.payload = try PayloadCoding.encode(Payload(kind: mind.kind.rawValue, valence: mind.valence,
                                                          labels: mind.labels.map(\.rawValue), associations: mind.associations.map(\.rawValue)))
        record.fields[FieldKey.stateOfMindKind] = .number(Double(mind.kind.rawValue))
        record.fields[FieldKey.stateOfMindValence] = .number(mind.valence)
        for label in mind.labels { record.fields[FieldKey.stateOfMindLabel(label)] = .number(1) }
        for association in mind.associations { record.fields[FieldKey.stateOfMindAssociation(association)] = .number(1) }
    }

    /// The state of mind `record` holds; `common` are its shared parts.
    static func stateOfMind(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKStateOfMind {
        let payload = try PayloadCoding.decode(Payload.self, from: record)
        guard let kind = HKStateOfMind.Kind(rawValue: payload.kind),
              HKStateOfMind.ValenceClassification(valence: payload.valence) != nil else {
            throw HKError(.errorInvalidArgument, "Record \(record.uuid) holds an unknown state of mind kind or a valence outside -1...1")
        }
        return HKStateOfMind(date: common.start, kind: kind, valence: payload.valence,
                             labels: payload.labels.compactMap(HKStateOfMind.Label.init(rawValue:)),
                             associations: payload.associations.compactMap(HKStateOfMind.Association.init(rawValue:)),
                             uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }
}
