public import Foundation

/// The format a verifiable clinical record came in (iOS 15.4).
public struct HKVerifiableClinicalRecordSourceType: StringIdentifier {
    /// The source type's name.
    public let rawValue: String
    /// Creates a source type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A SMART Health Card (compact JWS).
    public static let smartHealthCard = Self(rawValue: "SMARTHealthCard")
    /// An EU Digital COVID Certificate (CWT, HCERT).
    public static let euDigitalCOVIDCertificate = Self(rawValue: "EUDigitalCOVIDCertificate")
}

/// A credential type a verifiable clinical record query asks for (iOS 15.4).
public struct HKVerifiableClinicalRecordCredentialType: StringIdentifier {
    /// The SMART Health Cards type URI.
    public let rawValue: String
    /// Creates a credential type from its type URI.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// COVID-19 records (`https://smarthealth.cards#covid19`).
    public static let covid19 = Self(rawValue: "https://smarthealth.cards#covid19")
    /// Immunization records (`https://smarthealth.cards#immunization`).
    public static let immunization = Self(rawValue: "https://smarthealth.cards#immunization")
    /// Laboratory results (`https://smarthealth.cards#laboratory`).
    public static let laboratory = Self(rawValue: "https://smarthealth.cards#laboratory")
    /// Recovery records (`https://smarthealth.cards#recovery`).
    public static let recovery = Self(rawValue: "https://smarthealth.cards#recovery")
}

/// The person a verifiable clinical record is about (iOS 15).
open class HKVerifiableClinicalRecordSubject: NSObject, NSCopying, @unchecked Sendable {
    /// The subject's full name.
    public let fullName: String
    /// The subject's date of birth, if the record has one.
    public let dateOfBirthComponents: DateComponents?

    /// Creates a subject (OpenHealthKit extension; HealthKit creates subjects from records).
    public init(fullName: String, dateOfBirthComponents: DateComponents?) {
        self.fullName = fullName
        self.dateOfBirthComponents = dateOfBirthComponents
        super.init()
    }

    /// Subjects are equal when names and birth dates are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKVerifiableClinicalRecordSubject else { return false }
        return other.fullName == fullName && other.dateOfBirthComponents == dateOfBirthComponents
    }

    /// Hash of the name and birth date.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(fullName)
        hasher.combine(dateOfBirthComponents)
        return hasher.finalize()
    }

    /// `<HKVerifiableClinicalRecordSubject fullName:…, dateOfBirth:yyyy-mm-dd>`.
    public override var description: String {
        let birth = dateOfBirthComponents.map { c in
            [c.year, c.month, c.day].map { $0.map(String.init) ?? "?" }.joined(separator: "-")
        } ?? "(null)"
        return "<HKVerifiableClinicalRecordSubject fullName:\(fullName), dateOfBirth:\(birth)>"
    }

    /// Returns `self`: subjects are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
