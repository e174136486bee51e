public import Foundation

/// A FHIR endpoint an institution offers patients (an HL7 User-access Endpoint, or one entry of a vendor's list).
public struct DirectoryEndpoint: Sendable, Hashable, Codable {
    /// The FHIR base URL (`Endpoint.address`).
    public var address: URL
    /// The endpoint's own name, when it has one.
    public var name: String?
    /// The FHIR version it declares (`endpoint-fhir-version` extension), e.g. `4.0.1`.
    public var fhirVersion: String?
    /// `Endpoint.status` (`active`, `off`, ...); nil when absent.
    public var status: String?

    /// An endpoint at `address`.
    public init(address: URL, name: String? = nil, fhirVersion: String? = nil, status: String? = nil) {
        self.address = address
        self.name = name
        self.fhirVersion = fhirVersion
        self.status = status
    }

    /// The address as the directory keys it: scheme and host lower-cased, no trailing slash.
    public var key: String { Self.key(address) }

    /// `url` keyed as ``key`` does.
    public static func key(_ url: URL) -> String {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard var parts = URLComponents(string: text) else { return text.lowercased() }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        return parts.string ?? text
    }
}

/// Where an institution is: an address as FHIR writes it.
public struct DirectoryLocation: Sendable, Hashable, Codable {
    /// Street lines.
    public var lines: [String] = []
    /// City.
    public var city: String?
    /// State or province.
    public var state: String?
    /// Postal code.
    public var postalCode: String?
    /// Country, as written (ISO code in Brands bundles, spelled out in Oracle's list).
    public var country: String?

    /// An empty location.
    public init() {}

    /// Every part, for search.
    var searchText: [String] { lines + [city, state, postalCode, country].compactMap { $0 } }
}

/// An institution a person can connect to: a brand (or a facility of one), its names, places and FHIR endpoints.
public struct DirectoryInstitution: Sendable, Hashable, Codable {
    /// Where it was read: `file: entry[3]` (its Organization), or the Endpoint's entry for endpoint-only lists.
    public var origin: String
    /// The name people know it by.
    public var name: String
    /// Former and other names (`Organization.alias`), and portal names.
    public var aliases: [String] = []
    /// The brand it belongs to (`partOf`), when it is a facility or affiliate.
    public var parentName: String?
    /// Its addresses.
    public var locations: [DirectoryLocation] = []
    /// Its web site (`telecom` with system `url`, or the brand identifier's domain).
    public var website: String?
    /// The FHIR endpoints it offers patients.
    public var endpoints: [DirectoryEndpoint] = []

    /// An institution named `name`, read at `origin`.
    public init(origin: String, name: String) {
        self.origin = origin
        self.name = name
    }
}
