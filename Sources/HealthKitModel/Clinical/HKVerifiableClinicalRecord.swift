import Foundation

/// A signed, verifiable record such as a SMART Health Card: a vaccination or a lab result, with the
/// issuer's signature kept in `dataRepresentation`.
public final class HKVerifiableClinicalRecord: HKSample, @unchecked Sendable {
    /// Not unarchivable yet: decoding gives nil (see `HKObject.supportsSecureCoding` for the classes that unarchive).
    public required init?(coder: NSCoder) { return nil }

    /// The credential types the record carries (e.g. `https://smarthealth.cards#immunization`).
    public let recordTypes: [String]
    /// The issuer's identifier (for a SMART Health Card, the `iss` URL).
    public let issuerIdentifier: String
    /// Whom the record is about.
    public let subject: HKVerifiableClinicalRecordSubject
    /// When the issuer issued the record.
    public let issuedDate: Date
    /// The date the record is about: when the vaccine was given or the test performed.
    public let relevantDate: Date
    /// When the record stops being valid, if ever.
    public let expirationDate: Date?
    /// Display names of the items in the record (vaccines, tests).
    public let itemNames: [String]
    /// The record's format: SMART Health Card or EU Digital COVID Certificate.
    public let sourceType: HKVerifiableClinicalRecordSourceType?
    /// The signed record as issued: a compact JWS for a SMART Health Card.
    public let dataRepresentation: Data

    /// The signed record as a JWS.
    @available(*, deprecated, renamed: "dataRepresentation")
    public var jwsRepresentation: Data { dataRepresentation }

    /// Creates a verifiable record (OpenHealthKit extension; HealthKit fills these from verified cards).
    public init(
        recordTypes: [String], issuerIdentifier: String, subject: HKVerifiableClinicalRecordSubject,
        issuedDate: Date, relevantDate: Date, expirationDate: Date?, itemNames: [String],
        sourceType: HKVerifiableClinicalRecordSourceType?, dataRepresentation: Data,
        uuid: UUID = UUID(), sourceRevision: HKSourceRevision? = nil, metadata: [String: Any]? = nil
    ) {
        self.recordTypes = recordTypes
        self.issuerIdentifier = issuerIdentifier
        self.subject = subject
        self.issuedDate = issuedDate
        self.relevantDate = relevantDate
        self.expirationDate = expirationDate
        self.itemNames = itemNames
        self.sourceType = sourceType
        self.dataRepresentation = dataRepresentation
        super.init(sampleType: HKVerifiableClinicalRecord.sampleType, startDate: relevantDate, endDate: relevantDate,
                   uuid: uuid, sourceRevision: sourceRevision, device: nil, metadata: metadata)
    }

    /// The sample type verifiable records are stored under (OpenHealthKit extension; HealthKit exposes none).
    /// Its identifier is `HKVerifiableClinicalRecordTypeIdentifier`.
    public static let sampleType = HKSampleType(identifier: "HKVerifiableClinicalRecordTypeIdentifier", kind: .verifiableClinicalRecord)
}
