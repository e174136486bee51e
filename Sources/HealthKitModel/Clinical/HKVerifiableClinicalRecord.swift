public import Foundation

/// A signed, verifiable record such as a SMART Health Card: a vaccination or a lab result, with the
/// issuer's signature kept in `dataRepresentation`.
open class HKVerifiableClinicalRecord: HKSample, @unchecked Sendable {
    /// Archives the record: its credential types, issuer, subject, dates, item names, source type and signed data.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(recordTypes as NSArray, forKey: "recordTypes")
        coder.encode(issuerIdentifier as NSString, forKey: "issuerIdentifier")
        coder.encode(subject.fullName as NSString, forKey: "subjectFullName")
        ObjectCoding.encode(subject.dateOfBirthComponents.map(BirthDate.init), coder, forKey: "subjectDateOfBirth")
        coder.encode(issuedDate as NSDate, forKey: "issuedDate")
        coder.encode(relevantDate as NSDate, forKey: "relevantDate")
        coder.encode(expirationDate.map { $0 as NSDate }, forKey: "expirationDate")
        coder.encode(itemNames as NSArray, forKey: "itemNames")
        coder.encode(sourceType.map { $0.rawValue as NSString }, forKey: "sourceType")
        coder.encode(dataRepresentation as NSData, forKey: "dataRepresentation")
    }

    /// Unarchives a record; fails when its type is not the verifiable record type or its issuer, subject, dates or
    /// signed data are missing.
    public required init?(coder: NSCoder) {
        func text(_ key: String) -> String? { coder.decodeObject(of: NSString.self, forKey: key).map { $0 as String } }
        func date(_ key: String) -> Date? { coder.decodeObject(of: NSDate.self, forKey: key).map { $0 as Date } }
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") == Self.sampleType,
              let issuer = text("issuerIdentifier"), let fullName = text("subjectFullName"),
              let issued = date("issuedDate"), let relevant = date("relevantDate"),
              let data = coder.decodeObject(of: NSData.self, forKey: "dataRepresentation") else { return nil }
        let birth = ObjectCoding.decode(BirthDate?.self, coder, forKey: "subjectDateOfBirth") ?? nil
        recordTypes = ObjectCoding.array(coder, forKey: "recordTypes")
        issuerIdentifier = issuer
        subject = HKVerifiableClinicalRecordSubject(fullName: fullName, dateOfBirthComponents: birth?.components)
        issuedDate = issued
        relevantDate = relevant
        expirationDate = date("expirationDate")
        itemNames = ObjectCoding.array(coder, forKey: "itemNames")
        sourceType = text("sourceType").map(HKVerifiableClinicalRecordSourceType.init(rawValue:))
        dataRepresentation = data as Data
        super.init(coder: coder)
    }

    /// A subject's date of birth as archived: the calendar fields a record carries.
    private struct BirthDate: Codable {
        var year: Int?, month: Int?, day: Int?
        init(_ components: DateComponents) { (year, month, day) = (components.year, components.month, components.day) }
        var components: DateComponents { DateComponents(year: year, month: month, day: day) }
    }

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
        uuid: UUID? = nil, sourceRevision: HKSourceRevision? = nil, metadata: [String: Any]? = nil
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
                   uuid: uuid ?? ObjectUUID.make(), sourceRevision: sourceRevision, device: nil, metadata: metadata)
    }

    /// The sample type verifiable records are stored under (OpenHealthKit extension; HealthKit exposes none).
    /// Its identifier is `HKVerifiableClinicalRecordTypeIdentifier`.
    public static let sampleType = HKSampleType(identifier: "HKVerifiableClinicalRecordTypeIdentifier", kind: .verifiableClinicalRecord)
}
