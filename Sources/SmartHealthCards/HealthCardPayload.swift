public import Foundation

/// The JWS payload of a SMART Health Card, once inflated: issuer, validity and the FHIR bundle.
public struct HealthCardPayload: Codable, Sendable {
    /// The issuer's URL (no trailing slash).
    public var iss: String
    /// Not valid before (seconds since 1970); also the issue date.
    public var nbf: Double
    /// Expiry (seconds since 1970), if the card expires.
    public var exp: Double?
    /// The credential.
    public var vc: Credential

    /// The verifiable credential.
    public struct Credential: Codable, Sendable {
        /// Credential types, e.g. `https://smarthealth.cards#health-card`, `…#immunization`.
        public var type: [String]
        /// The subject: the FHIR bundle.
        public var credentialSubject: Subject
        /// The revocation id, when the issuer supports revocation.
        public var rid: String?
    }

    /// The credential's subject.
    public struct Subject: Codable, Sendable {
        /// The FHIR version of the bundle (`4.0.1`).
        public var fhirVersion: String?
        /// The FHIR bundle: a Patient and immunizations or results.
        public var fhirBundle: CardBundle
    }

    /// Throws ``SmartHealthCardCheck/expiration`` when `exp` has passed at `date`, and
    /// ``SmartHealthCardCheck/notBefore`` when `nbf` is more than `skew` seconds after `date`.
    public func checkValidity(at date: Date, skew: TimeInterval = 60) throws(SmartHealthCardError) {
        let now = date.timeIntervalSince1970
        // Seconds since 1970 stay below 10^11 until the year 5138; larger values are milliseconds.
        if let exp, exp >= 1e11 { throw SmartHealthCardError(.expiration, "exp \(exp) is in milliseconds, not seconds") }
        if nbf >= 1e11 { throw SmartHealthCardError(.notBefore, "nbf \(nbf) is in milliseconds, not seconds") }
        if let exp, exp < now {
            throw SmartHealthCardError(.expiration, "the card expired at \(Self.format(exp))")
        }
        if nbf > now + skew {
            throw SmartHealthCardError(.notBefore, "the card is not valid before \(Self.format(nbf))")
        }
    }

    /// Decodes inflated payload bytes; throws a ``SmartHealthCardCheck/payload`` error naming the problem.
    public static func decode(_ data: Data) throws(SmartHealthCardError) -> HealthCardPayload {
        do {
            return try JSONDecoder().decode(HealthCardPayload.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw SmartHealthCardError(.payload, "missing \(path(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw SmartHealthCardError(.payload, "\(path(context.codingPath)) has the wrong type")
        } catch {
            throw SmartHealthCardError(.payload, "the payload is not a JSON health card")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    static func format(_ seconds: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
    }
}

/// The parts of a card's FHIR bundle a verifiable record shows.
public struct CardBundle: Codable, Sendable {
    /// The entries.
    public var entry: [Entry]?

    /// One entry.
    public struct Entry: Codable, Sendable {
        /// The resource.
        public var resource: Resource?
    }

    /// The members of the resources in cards that HealthKit reads.
    public struct Resource: Codable, Sendable {
        /// `Patient`, `Immunization`, `Observation`, ...
        public var resourceType: String?
        /// A Patient's names.
        public var name: [Name]?
        /// A Patient's date of birth.
        public var birthDate: String?
        /// An Immunization's vaccine.
        public var vaccineCode: Concept?
        /// An Observation's or DiagnosticReport's code.
        public var code: Concept?
        /// When an Immunization was given.
        public var occurrenceDateTime: String?
        /// When an Observation was made.
        public var effectiveDateTime: String?

        private enum Keys: String, CodingKey { case resourceType, name, birthDate, vaccineCode, code, occurrenceDateTime, effectiveDateTime }

        /// Decodes the members; `name` is read only when it is a list of HumanNames (an Organization's is a string).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            resourceType = try container.decodeIfPresent(String.self, forKey: .resourceType)
            name = try? container.decodeIfPresent([Name].self, forKey: .name)
            birthDate = try container.decodeIfPresent(String.self, forKey: .birthDate)
            vaccineCode = try container.decodeIfPresent(Concept.self, forKey: .vaccineCode)
            code = try container.decodeIfPresent(Concept.self, forKey: .code)
            occurrenceDateTime = try container.decodeIfPresent(String.self, forKey: .occurrenceDateTime)
            effectiveDateTime = try container.decodeIfPresent(String.self, forKey: .effectiveDateTime)
        }
    }

    /// A HumanName.
    public struct Name: Codable, Sendable {
        /// Family name.
        public var family: String?
        /// Given names.
        public var given: [String]?
        /// The whole name.
        public var text: String?
    }

    /// A CodeableConcept.
    public struct Concept: Codable, Sendable {
        /// Codes.
        public var coding: [Coding]?
        /// Text.
        public var text: String?
    }

    /// A Coding.
    public struct Coding: Codable, Sendable {
        /// Code system.
        public var system: String?
        /// Code.
        public var code: String?
        /// Display text.
        public var display: String?
    }
}
