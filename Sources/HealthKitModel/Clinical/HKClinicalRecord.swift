public import Foundation

/// A health record from a healthcare institution: one FHIR resource, classified by clinical type.
///
/// HealthKit does not let apps create clinical records; they arrive from providers. OpenHealthKit's
/// ingestion (FHIR files, provider downloads) builds them with the OpenHealthKit-extension initialiser.
/// As in HealthKit, the UUID is not a stable identity: identify a record by its source, FHIR resource
/// type and FHIR identifier.
open class HKClinicalRecord: HKSample, @unchecked Sendable {
    /// The record's clinical type (allergy, condition, lab result, ...).
    public let clinicalType: HKClinicalType
    /// The title the Health app shows for the record, generally in US English.
    public let displayName: String
    /// The FHIR resource the record holds.
    public let fhirResource: HKFHIRResource?

    /// Archives the record: its title and its FHIR resource (version, type, identifier, JSON and source URL).
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(displayName as NSString, forKey: "displayName")
        guard let fhirResource else { return }
        coder.encode(fhirResource.fhirVersion.stringRepresentation as NSString, forKey: "fhirVersion")
        coder.encode(fhirResource.resourceType.rawValue as NSString, forKey: "resourceType")
        coder.encode(fhirResource.identifier as NSString, forKey: "identifier")
        coder.encode(fhirResource.data as NSData, forKey: "data")
        coder.encode(fhirResource.sourceURL?.absoluteString as NSString?, forKey: "sourceURL")
    }

    /// Unarchives a record; fails when its type is not a clinical type or its title is missing. An archive without
    /// a FHIR version, type, identifier and JSON has no resource.
    public required init?(coder: NSCoder) {
        guard let type = ObjectCoding.sampleType(coder, forKey: "sampleType") as? HKClinicalType,
              let name = coder.decodeObject(of: NSString.self, forKey: "displayName") else { return nil }
        func text(_ key: String) -> String? { coder.decodeObject(of: NSString.self, forKey: key).map { $0 as String } }
        clinicalType = type
        displayName = name as String
        if let version = text("fhirVersion").flatMap({ try? HKFHIRVersion(fromVersionString: $0) }),
           let resourceType = text("resourceType"), let identifier = text("identifier"),
           let data = coder.decodeObject(of: NSData.self, forKey: "data") {
            fhirResource = HKFHIRResource(fhirVersion: version, resourceType: HKFHIRResourceType(rawValue: resourceType),
                                          identifier: identifier, data: data as Data, sourceURL: text("sourceURL").flatMap(URL.init(string:)))
        } else {
            fhirResource = nil
        }
        super.init(coder: coder)
    }

    /// Creates a clinical record (OpenHealthKit extension). `start` and `end` are when the record was
    /// added to the store; HealthKit sets both to that date.
    public init(
        type: HKClinicalType, displayName: String, fhirResource: HKFHIRResource?, start: Date, end: Date,
        uuid: UUID? = nil, sourceRevision: HKSourceRevision? = nil, device: HKDevice? = nil, metadata: [String: Any]? = nil
    ) {
        self.clinicalType = type
        self.displayName = displayName
        self.fhirResource = fhirResource
        super.init(sampleType: type, startDate: start, endDate: end,
                   uuid: uuid ?? ObjectUUID.make(), sourceRevision: sourceRevision, device: device, metadata: metadata)
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
