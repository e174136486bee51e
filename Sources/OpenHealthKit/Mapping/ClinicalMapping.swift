import Foundation
import HealthDatabase
import HealthKitModel

/// Clinical and verifiable clinical records.
///
/// A clinical record keeps its FHIR JSON as the payload, byte for byte, and its resource type, identifier,
/// FHIR version, source URL and display name as `@fhir…`/`@clinical…` fields. A verifiable record keeps a
/// ``VerifiablePayload`` and its relevant date as ``FieldKey/verifiableRelevantDate``.
package enum ClinicalMapping {
    /// Sets the payload and fields of a clinical record.
    static func fill(_ record: inout SampleRecord, from clinical: HKClinicalRecord) {
        record.kind = .clinical
        record.fields[FieldKey.clinicalDisplayName] = .text(clinical.displayName)
        guard let resource = clinical.fhirResource else { return }
        record.payload = resource.data
        record.fields[FieldKey.fhirResourceType] = .text(resource.resourceType.rawValue)
        record.fields[FieldKey.fhirIdentifier] = .text(resource.identifier)
        record.fields[FieldKey.fhirVersion] = .text(resource.fhirVersion.stringRepresentation)
        if let url = resource.sourceURL { record.fields[FieldKey.fhirSourceURL] = .text(url.absoluteString) }
    }

    /// Rebuilds a clinical record.
    static func clinicalRecord(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKClinicalRecord {
        let text = { (key: String) -> String? in record.fields[key]?.comparableText }
        var resource: HKFHIRResource?
        if let data = record.payload, let type = text(FieldKey.fhirResourceType), let identifier = text(FieldKey.fhirIdentifier) {
            let versionString = text(FieldKey.fhirVersion) ?? ""
            let version: HKFHIRVersion
            do { version = try HKFHIRVersion(fromVersionString: versionString) } catch {
                throw HKError(.errorInvalidArgument, "Clinical record \(record.uuid) has an invalid FHIR version \"\(versionString)\"")
            }
            resource = HKFHIRResource(fhirVersion: version, resourceType: HKFHIRResourceType(rawValue: type), identifier: identifier,
                                      data: data, sourceURL: text(FieldKey.fhirSourceURL).flatMap(URL.init(string:)))
        }
        return HKClinicalRecord(type: try common.type(HKClinicalType.self), displayName: text(FieldKey.clinicalDisplayName) ?? "",
                                fhirResource: resource, start: common.start, end: common.end,
                                uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }

    /// Sets the payload and relevant-date field of a verifiable record.
    static func fill(_ record: inout SampleRecord, from verifiable: HKVerifiableClinicalRecord) throws(HKError) {
        record.kind = .verifiableRecord
        record.payload = try PayloadCoding.encode(VerifiablePayload(verifiable))
        record.fields[FieldKey.verifiableRelevantDate] = .date(verifiable.relevantDate)
    }

    /// Rebuilds a verifiable record.
    static func verifiableRecord(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKVerifiableClinicalRecord {
        let payload = try PayloadCoding.decode(VerifiablePayload.self, from: record)
        return HKVerifiableClinicalRecord(
            recordTypes: payload.recordTypes, issuerIdentifier: payload.issuerIdentifier,
            subject: HKVerifiableClinicalRecordSubject(fullName: payload.subjectName, dateOfBirthComponents: payload.subjectDateOfBirth),
            issuedDate: payload.issuedDate, relevantDate: payload.relevantDate, expirationDate: payload.expirationDate,
            itemNames: payload.itemNames, sourceType: payload.sourceType.map(HKVerifiableClinicalRecordSourceType.init(rawValue:)),
            dataRepresentation: payload.dataRepresentation,
            uuid: common.uuid, sourceRevision: common.revision, metadata: common.metadata)
    }
}

/// The Codable form of a verifiable clinical record's contents.
struct VerifiablePayload: Codable {
    var recordTypes: [String]
    var issuerIdentifier: String
    var subjectName: String
    var subjectDateOfBirth: DateComponents?
    var issuedDate: Date
    var relevantDate: Date
    var expirationDate: Date?
    var itemNames: [String]
    var sourceType: String?
    var dataRepresentation: Data

    /// The payload of `record`.
    init(_ record: HKVerifiableClinicalRecord) {
        recordTypes = record.recordTypes
        issuerIdentifier = record.issuerIdentifier
        subjectName = record.subject.fullName
        subjectDateOfBirth = record.subject.dateOfBirthComponents
        issuedDate = record.issuedDate
        relevantDate = record.relevantDate
        expirationDate = record.expirationDate
        itemNames = record.itemNames
        sourceType = record.sourceType?.rawValue
        dataRepresentation = record.dataRepresentation
    }
}
