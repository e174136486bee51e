public import Foundation

/// Any JSON value, kept as it is: a clinical record's FHIR resource travels inside a sample as the JSON object it is.
public indirect enum WireJSON: Codable, Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([WireJSON])
    /// An object.
    case object([String: WireJSON])

    /// The JSON value `data` holds, or nil when it is not JSON.
    public static func parse(_ data: Data) -> WireJSON? {
        try? JSONDecoder().decode(WireJSON.self, from: data)
    }

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let bool = try? container.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let string = try? container.decode(String.self) { self = .string(string) }
        else if let array = try? container.decode([WireJSON].self) { self = .array(array) }
        else { self = .object(try container.decode([String: WireJSON].self)) }
    }

    /// Writes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

/// A clinical record's own fields (`HKClinicalRecord`), with its FHIR resource.
public struct WireClinicalRecord: Codable, Sendable, Hashable {
    /// The name the institution gave the record.
    public var displayName: String
    /// The FHIR resource type (`AllergyIntolerance`).
    public var resourceType: String?
    /// The resource's id at the institution.
    public var identifier: String?
    /// The FHIR version (`4.0.1`).
    public var fhirVersion: String?
    /// Where the institution serves the resource.
    public var sourceURL: String?
    /// The resource itself, as JSON.
    public var resource: WireJSON?

    /// Creates the fields.
    public init(displayName: String, resourceType: String? = nil, identifier: String? = nil, fhirVersion: String? = nil,
                sourceURL: String? = nil, resource: WireJSON? = nil) {
        self.displayName = displayName
        self.resourceType = resourceType
        self.identifier = identifier
        self.fhirVersion = fhirVersion
        self.sourceURL = sourceURL
        self.resource = resource
    }
}
