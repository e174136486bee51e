import Foundation
import HealthDatabase
import HealthKitModel

/// CDA document samples: the XML as the payload, the four fields HealthKit indexes as `@cda…` fields.
package enum DocumentMapping {
    /// Sets the payload and the title, patient, author and custodian fields.
    static func fill(_ record: inout SampleRecord, from sample: HKCDADocumentSample) {
        record.kind = .document
        guard let document = sample.document else { return }
        record.payload = document.documentData
        for (key, path) in fields { record.fields[key] = .text(document[keyPath: path]) }
    }

    /// Rebuilds the sample; the document's fields come from the record's fields, its data from the payload.
    static func document(from record: SampleRecord, _ common: CommonParts) -> HKCDADocumentSample {
        let text = { (key: String) -> String? in record.fields[key]?.comparableText }
        let document: HKCDADocument? = text(FieldKey.cdaTitle).map { title in
            HKCDADocument(documentData: record.payload, title: title, patientName: text(FieldKey.cdaPatientName) ?? "",
                          authorName: text(FieldKey.cdaAuthorName) ?? "", custodianName: text(FieldKey.cdaCustodianName) ?? "")
        }
        return HKCDADocumentSample(document: document, start: common.start, end: common.end,
                                   uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }

    private static var fields: [(String, KeyPath<HKCDADocument, String>)] { [
        (FieldKey.cdaTitle, \.title), (FieldKey.cdaPatientName, \.patientName),
        (FieldKey.cdaAuthorName, \.authorName), (FieldKey.cdaCustodianName, \.custodianName),
    ] }
}
