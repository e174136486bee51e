import Foundation

/// A FHIR `Coding`: one code from one code system.
public struct FHIRCoding: Codable, Sendable, Hashable {
    /// The code system's URI (e.g. `http://loinc.org`).
    public var system: String?
    /// The code system's version.
    public var version: String?
    /// The code.
    public var code: String?
    /// The code's human-readable text.
    public var display: String?
}

/// A FHIR `CodeableConcept`: codings for one concept and its plain text.
public struct FHIRCodeableConcept: Codable, Sendable, Hashable {
    /// The concept's codes.
    public var coding: [FHIRCoding]?
    /// The concept as the user saw or entered it.
    public var text: String?

    /// The title a person would read: the text, else the first coding's display, else the first code.
    public var displayText: String? {
        if let text = text?.trimmed { return text }
        if let display = coding?.lazy.compactMap({ $0.display?.trimmed }).first { return display }
        return coding?.lazy.compactMap({ $0.code?.trimmed }).first
    }

    /// Whether any coding has `code` (in `system`, when given).
    public func contains(code: String, system: String? = nil) -> Bool {
        coding?.contains { $0.code == code && (system == nil || $0.system == system) } ?? false
    }
}

/// A FHIR `Reference` to another resource.
public struct FHIRReference: Codable, Sendable, Hashable {
    /// A relative (`Patient/123`), absolute or `urn:uuid:` reference.
    public var reference: String?
    /// Text in place of, or beside, the reference.
    public var display: String?
}

/// A FHIR `Identifier`: a business identifier such as a medical record number.
public struct FHIRIdentifier: Codable, Sendable, Hashable {
    /// `usual`, `official`, `temp`, `secondary`.
    public var use: String?
    /// The namespace of the value.
    public var system: String?
    /// The identifier.
    public var value: String?
}

/// A FHIR `Period`: a start and an end, either open.
public struct FHIRPeriod: Codable, Sendable, Hashable {
    /// The start, a FHIR dateTime.
    public var start: String?
    /// The end, a FHIR dateTime.
    public var end: String?
}

/// A FHIR `Quantity`: a measured amount.
public struct FHIRQuantity: Decodable, Sendable, Hashable {
    /// The value.
    public var value: Double?
    /// `<`, `<=`, `>=`, `>`.
    public var comparator: String?
    /// The unit as shown.
    public var unit: String?
    /// The unit's code system (usually UCUM).
    public var system: String?
    /// The unit's code.
    public var code: String?

    private enum Keys: String, CodingKey { case value, comparator, unit, system, code }

    /// Decodes the members; a `value` written as a numeric string (`"9.7"`, seen in real exports) is read as its number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let text = try? container.decodeIfPresent(String.self, forKey: .value), let number = Double(text) {
            value = number
        } else {
            value = try container.decodeIfPresent(Double.self, forKey: .value)
        }
        comparator = try container.decodeIfPresent(String.self, forKey: .comparator)
        unit = try container.decodeIfPresent(String.self, forKey: .unit)
        system = try container.decodeIfPresent(String.self, forKey: .system)
        code = try container.decodeIfPresent(String.self, forKey: .code)
    }
}

/// A FHIR `HumanName`. DSTU2's `family` is a list; R4's is one string: both decode.
public struct FHIRHumanName: Codable, Sendable, Hashable {
    /// `usual`, `official`, `nickname`, ...
    public var use: String?
    /// The whole name as text.
    public var text: String?
    /// Family names (one in R4, a list in DSTU2).
    public var family: FHIROneOrMany<String>?
    /// Given names.
    public var given: [String]?
    /// Prefixes such as "Mr.".
    public var prefix: [String]?
    /// Suffixes such as "Jr.".
    public var suffix: [String]?

    /// The name as a person would write it: the text, else given names then family names.
    public var fullName: String? {
        if let text = text?.trimmed { return text }
        let parts = (given ?? []) + (family?.values ?? [])
        let joined = parts.compactMap(\.trimmed).joined(separator: " ")
        return joined.isEmpty ? nil : joined
    }
}

/// A FHIR `Meta`: version, update time and declared profiles.
public struct FHIRMeta: Codable, Sendable, Hashable {
    /// The server's version of the resource.
    public var versionId: String?
    /// When the resource last changed, a FHIR instant.
    public var lastUpdated: String?
    /// Profiles (StructureDefinition URLs) the resource claims to conform to.
    public var profile: [String]?
}

/// A FHIR `Attachment` (its base64 `data` is left undecoded: the stored JSON keeps it).
public struct FHIRAttachment: Codable, Sendable, Hashable {
    /// The MIME type.
    public var contentType: String?
    /// Where the content is.
    public var url: String?
    /// A label for the content.
    public var title: String?
}

/// A FHIR `Dosage` (R4) or DSTU2 dosage instruction: its text is what HealthKit shows.
public struct FHIRDosage: Codable, Sendable, Hashable {
    /// Free-text instructions.
    public var text: String?
}

/// A member FHIR allows as one value in one version and as a list in the other.
public enum FHIROneOrMany<Element: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// A single value.
    case one(Element)
    /// A list of values.
    case many([Element])

    /// The values as a list.
    public var values: [Element] {
        switch self {
        case .one(let value): [value]
        case .many(let values): values
        }
    }

    /// Decodes a list when the JSON is an array, else one value.
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var values: [Element] = []
            while !list.isAtEnd { values.append(try list.decode(Element.self)) }
            self = .many(values)
        } else {
            self = .one(try decoder.singleValueContainer().decode(Element.self))
        }
    }

    /// Encodes the form it was decoded from.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .one(let value): try value.encode(to: encoder)
        case .many(let values): try values.encode(to: encoder)
        }
    }
}

/// A status FHIR gives as a code in DSTU2 and as a CodeableConcept in R4 (Condition, AllergyIntolerance).
public enum FHIRCodeOrConcept: Codable, Sendable, Hashable {
    /// A DSTU2 code.
    case code(String)
    /// An R4 CodeableConcept.
    case concept(FHIRCodeableConcept)

    /// The status code: the code itself, or the concept's first coding's code.
    public var code: String? {
        switch self {
        case .code(let code): code
        case .concept(let concept): concept.coding?.first?.code ?? concept.text
        }
    }

    /// Decodes a string as a code, anything else as a CodeableConcept.
    public init(from decoder: any Decoder) throws {
        if let code = try? decoder.singleValueContainer().decode(String.self) {
            self = .code(code)
        } else {
            self = .concept(try FHIRCodeableConcept(from: decoder))
        }
    }

    /// Encodes the form it was decoded from.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .code(let code): try code.encode(to: encoder)
        case .concept(let concept): try concept.encode(to: encoder)
        }
    }
}

extension String {
    /// The string without surrounding white space, or nil when nothing is left.
    var trimmed: String? {
        let result = trimmingCharacters(in: .whitespacesAndNewlines)
        return result.isEmpty ? nil : result
    }
}
