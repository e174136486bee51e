import Foundation
public import HealthKitModel

/// A DocumentReference (DSTU2 and R4): a clinical note or other document; a clinical note record.
public struct FHIRDocumentReference: FHIRClinicalResource, Hashable {
    /// `"DocumentReference"`.
    public static let resourceType = "DocumentReference"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// `current`, `superseded`, `entered-in-error`.
    public var status: String?
    /// The kind of document.
    public var type: FHIRCodeableConcept?
    /// The document's class (DSTU2 `class`).
    public var `class`: FHIRCodeableConcept?
    /// Categories (R4).
    public var category: [FHIRCodeableConcept]?
    /// Whom it is about.
    public var subject: FHIRReference?
    /// When it was indexed (R4 `date`).
    public var date: String?
    /// When it was indexed (DSTU2 `indexed`).
    public var indexed: String?
    /// When the document was created (DSTU2).
    public var created: String?
    /// A human-readable description.
    public var description: String?
    /// The document's content: attachments.
    public var content: [Content]?

    /// One attachment of a document.
    public struct Content: Codable, Sendable, Hashable {
        /// The attachment.
        public var attachment: FHIRAttachment?
    }

    /// The clinical type HealthKit files this resource under.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .clinicalNoteRecord }
    /// The title the Health app shows.
    public var displayName: String? {
        type?.displayText ?? description?.trimmed ?? content?.lazy.compactMap({ $0.attachment?.title?.trimmed }).first
            ?? category?.lazy.compactMap(\.displayText).first
    }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { date ?? created ?? indexed }
}

/// A Coverage (DSTU2 and R4): an insurance plan; a coverage record.
public struct FHIRCoverage: FHIRClinicalResource, Hashable {
    /// `"Coverage"`.
    public static let resourceType = "Coverage"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers.
    public var identifier: [FHIRIdentifier]?
    /// `active`, `cancelled`, ...
    public var status: String?
    /// The kind of coverage.
    public var type: FHIRCodeableConcept?
    /// The insurer (R4).
    public var payor: [FHIRReference]?
    /// The insurer (DSTU2).
    public var issuer: FHIRReference?
    /// The plan's identifier (DSTU2).
    public var plan: String?
    /// The subscriber's identifier.
    public var subscriberId: String?
    /// When the coverage applies.
    public var period: FHIRPeriod?

    /// The clinical type HealthKit files this resource under.
    public var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { .coverageRecord }
    /// The title the Health app shows.
    public var displayName: String? {
        type?.displayText ?? payor?.lazy.compactMap({ $0.display?.trimmed }).first ?? issuer?.display?.trimmed ?? plan?.trimmed
    }
    /// The date the record is about, as written in the resource.
    public var relevantDate: String? { period?.start }
}

/// A Patient (DSTU2 and R4): who the records are about. Not a clinical record.
public struct FHIRPatient: FHIRResourceModel, Hashable {
    /// `"Patient"`.
    public static let resourceType = "Patient"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// Business identifiers (medical record numbers...).
    public var identifier: [FHIRIdentifier]?
    /// The patient's names.
    public var name: [FHIRHumanName]?
    /// `male`, `female`, `other`, `unknown`.
    public var gender: String?
    /// The date of birth, a FHIR date.
    public var birthDate: String?
}

/// A Bundle (DSTU2 and R4): a collection, search result, transaction, document...
public struct FHIRBundle: FHIRResourceModel {
    /// `"Bundle"`.
    public static let resourceType = "Bundle"
    /// The logical id.
    public var id: String?
    /// Version, update time and profiles.
    public var meta: FHIRMeta?
    /// `collection`, `searchset`, `transaction`, `document`, ...
    public var type: String?
    /// How many matches a search found.
    public var total: Int?
    /// The entries.
    public var entry: [Entry]?

    /// One entry: a resource and where it lives.
    public struct Entry: Decodable, Sendable {
        /// The resource's absolute URL or `urn:uuid:`.
        public var fullUrl: String?
        /// The resource.
        public var resource: FHIRAnyResource?
    }
}
