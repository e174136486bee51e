public import Foundation

/// Reads institution lists published as FHIR Bundles: HL7 User-access Brands bundles (Organizations with
/// `organization-portal` extensions and Endpoints), and plain Endpoint/Organization bundles (Epic's R4 and DSTU2
/// lists, Oracle Health's lists). Entries that cannot be used are reported with their place; the rest is kept.
public struct DirectoryBundleReader {
    /// What one bundle gave: its institutions, and the entries that could not be used.
    public struct Result: Sendable {
        /// The institutions, in bundle order.
        public var institutions: [DirectoryInstitution] = []
        /// Entries that could not be used, each `input: entry[i]...: why`.
        public var problems: [DirectoryError] = []
    }

    static let portalExtension = "http://hl7.org/fhir/StructureDefinition/organization-portal"
    static let versionExtension = "http://hl7.org/fhir/StructureDefinition/endpoint-fhir-version"

    /// Reads `data` (a Bundle), naming problems after `input`. Throws only when `data` is no Bundle at all.
    public static func read(_ data: Data, input: String) throws -> Result {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw DirectoryError(input, "not valid JSON (\(error.localizedDescription))")
        }
        guard let bundle = json as? [String: Any], bundle["resourceType"] as? String == "Bundle" else {
            throw DirectoryError(input, "not a FHIR Bundle (resourceType is not \"Bundle\")")
        }
        guard let entries = bundle["entry"] as? [Any] else {
            if bundle["entry"] == nil { return Result() }
            throw DirectoryError(input, "entry: expected a list")
        }
        var result = Result()
        var endpoints: [String: (endpoint: DirectoryEndpoint, index: Int)] = [:]
        var endpointOrder: [(endpoint: DirectoryEndpoint, index: Int)] = []
        var organizations: [(resource: [String: Any], index: Int)] = []
        var organizationNames: [String: String] = [:]
        for (index, item) in entries.enumerated() {
            let place = "entry[\(index)]"
            guard let entry = item as? [String: Any], let resource = entry["resource"] as? [String: Any] else {
                result.problems.append(DirectoryError(input, "\(place): no resource object"))
                continue
            }
            let type = resource["resourceType"] as? String
            let references = Self.references(type: type, id: resource["id"] as? String, fullUrl: entry["fullUrl"] as? String)
            switch type {
            case "Endpoint":
                guard let text = resource["address"] as? String, let address = URL(string: text.trimmingCharacters(in: .whitespaces)),
                      address.scheme == "https" || address.scheme == "http", address.host != nil else {
                    result.problems.append(DirectoryError(input, "\(place).resource.address: missing or not an http(s) URL"))
                    continue
                }
                let endpoint = DirectoryEndpoint(address: address, name: resource["name"] as? String,
                                                 fhirVersion: Self.fhirVersion(resource), status: resource["status"] as? String)
                for reference in references { endpoints[reference] = (endpoint, index) }
                endpointOrder.append((endpoint, index))
            case "Organization":
                organizations.append((resource, index))
                if let name = resource["name"] as? String { for reference in references { organizationNames[reference] = name } }
            default:
                continue
            }
        }
        var used = Set<Int>()
        for (resource, index) in organizations {
            let place = "entry[\(index)]"
            guard let name = (resource["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
                result.problems.append(DirectoryError(input, "\(place).resource.name: an Organization without a name"))
                continue
            }
            var institution = DirectoryInstitution(origin: "\(input): \(place)", name: name)
            institution.aliases = (resource["alias"] as? [Any] ?? []).compactMap { $0 as? String }
            institution.locations = (resource["address"] as? [Any] ?? []).compactMap { Self.location($0 as? [String: Any]) }
            institution.website = Self.website(resource)
            if let parent = (resource["partOf"] as? [String: Any])?["reference"] as? String {
                institution.parentName = organizationNames[parent] ?? (resource["partOf"] as? [String: Any])?["display"] as? String
            }
            var referenced = Self.referenceList(resource["endpoint"])
            for portal in Self.extensions(resource, url: Self.portalExtension) {
                for part in portal["extension"] as? [[String: Any]] ?? [] {
                    switch part["url"] as? String {
                    case "portalName": if let text = part["valueString"] as? String { institution.aliases.append(text) }
                    case "portalEndpoint": referenced += Self.referenceList(part["valueReference"])
                    default: break
                    }
                }
            }
            for reference in referenced {
                guard let (endpoint, endpointIndex) = endpoints[reference] else {
                    result.problems.append(DirectoryError(input, "\(place).resource: endpoint reference \(reference) is not in the bundle"))
                    continue
                }
                if !institution.endpoints.contains(where: { $0.key == endpoint.key }) { institution.endpoints.append(endpoint) }
                used.insert(endpointIndex)
            }
            result.institutions.append(institution)
        }
        // Endpoint-only lists (Epic's R4/DSTU2 lists): each Endpoint no Organization claims is an institution of its own.
        for (endpoint, index) in endpointOrder where !used.contains(index) {
            var institution = DirectoryInstitution(origin: "\(input): entry[\(index)]", name: endpoint.name ?? endpoint.address.host ?? endpoint.key)
            institution.endpoints = [endpoint]
            result.institutions.append(institution)
        }
        return result
    }

    /// The ways a bundle may refer to a resource: `Type/id`, and its `fullUrl`.
    static func references(type: String?, id: String?, fullUrl: String?) -> [String] {
        var result: [String] = []
        if let type, let id { result.append("\(type)/\(id)") }
        if let fullUrl {
            result.append(fullUrl)
            if let type, let range = fullUrl.range(of: "/\(type)/") { result.append(String(fullUrl[range.lowerBound...].dropFirst())) }
        }
        return result
    }

    static func referenceList(_ value: Any?) -> [String] {
        let items = value as? [Any] ?? (value.map { [$0] } ?? [])
        return items.compactMap { ($0 as? [String: Any])?["reference"] as? String }
    }

    static func extensions(_ resource: [String: Any], url: String) -> [[String: Any]] {
        (resource["extension"] as? [[String: Any]] ?? []).filter { $0["url"] as? String == url }
    }

    static func fhirVersion(_ endpoint: [String: Any]) -> String? {
        for item in extensions(endpoint, url: versionExtension) {
            if let code = item["valueCode"] as? String { return code }
        }
        return nil
    }

    static func location(_ address: [String: Any]?) -> DirectoryLocation? {
        guard let address else { return nil }
        var location = DirectoryLocation()
        location.lines = (address["line"] as? [Any] ?? []).compactMap { $0 as? String }
        location.city = address["city"] as? String
        location.state = address["state"] as? String
        location.postalCode = address["postalCode"] as? String
        location.country = address["country"] as? String
        return location
    }

    static func website(_ organization: [String: Any]) -> String? {
        for telecom in organization["telecom"] as? [[String: Any]] ?? [] where telecom["system"] as? String == "url" {
            if let value = telecom["value"] as? String { return value }
        }
        for identifier in organization["identifier"] as? [[String: Any]] ?? [] where identifier["system"] as? String == "urn:ietf:rfc:3986" {
            if let value = identifier["value"] as? String { return value }
        }
        return nil
    }
}
