import Foundation

/// A health record from a healthcare institution: one FHIR resource, classified by clinical type.
///
/// HealthKit does not let apps create clinical records; they arrive from providers. OpenHealthKit's
/// ingestion (FHIR files, provider downloads) builds them with the OpenHealthKit-extension initialiser.
/// As in HealthKit, the UUID is not a stable identity: identify a record by its source, FHIR resource
/// type and FHIR identifier.
public final class HKClinicalRecord: HKSample, @unchecked Sendable {
    /// Not unarchivable yet: decoding gives nil (see `HKObject.supportsSecureCoding` for the classes that unarchive).
    public required init?(coder: NSCoder) { return nil }

    /// The record's clinical type (allergy, condition, lab result, ...).
    public let clinicalType: HKClinicalType
    /// The title the Health app shows for the record, generally in US English.
    public let displayName: String
    /// The FHIR resource the record holds.
    public let fhirResource: HKFHIRResource?

    /// Creates a clinical record (OpenHealthKit extension). `start` and `end` are when the record was
    /// added to the store; HealthKit sets both to that date.
    public init(
        type: HKClinicalType, displayName: String, fhirResource: HKFHIRResource?, start: Date, end: Date,
        uuid: UUID = UUID(), sourceRevision: HKSourceRevision? = nil, device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) {
        self.clinicalType = type
        self.displayName = displayName
        self.fhirResource = fhirResource
        super.init(sampleType: type, startDate: start, endDate: end,
                   uuid: uuid, sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Clinical type, title and FHIR identity.
    public override var description: String {
        let resource = fhirResource.map { " \($0.resourceType.rawValue)/\($0.identifier)" } ?? ""
        return "\(clinicalType.identifier) \"\(displayName)\"\(resource) (\(uuid))"
    }
}

/// Key path of a clinical record's FHIR resource identifier, for predicates.
public let HKPredicateKeyPathClinicalRecordFHIRResourceIdentifier = "FHIRResource.identifier"
/// Key path of a clinical record's FHIR resource type, for predicates.
public let HKPredicateKeyPathClinicalRecordFHIRResourceType = "FHIRResource.resourceType"
