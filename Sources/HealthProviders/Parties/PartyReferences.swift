public import Foundation

/// Where a FHIR resource names Practitioners and Organizations (its `requester`, `performer`, `performer[].actor`,
/// `recorder`, `asserter`, `author`…), and how they are named for display.
public enum PartyReferences {
    /// The resource types kept as parties.
    public static let types: Set<String> = ["Practitioner", "Organization"]
    /// Fields not looked in: who the record is about and its visit (never a party), and the resource's own parts.
    static let skipped: Set<String> = ["subject", "patient", "encounter", "context", "contained", "meta", "text", "id", "resourceType"]

    /// A reference to a party in a resource.
    public struct Mention: Sendable, Equatable {
        /// The top-level field it is in (`requester`, `performer`).
        public var field: String
        /// The reference as written (`Practitioner/123`, an absolute URL, `#contained-id`).
        public var reference: String
        /// The reference's own `display`, if any.
        public var display: String?
    }

    /// One party of a record as displays show it: its role (the field), its name and the reference.
    public struct Line: Sendable, Equatable {
        /// The field it is named in (`requester`).
        public var role: String
        /// The kept party's name, else a contained resource's, else the reference's `display`; nil when none is known.
        public var name: String?
        /// The reference as written.
        public var reference: String
    }

    /// Every reference to a Practitioner or Organization in `resource` (a FHIR resource's JSON object), fields in
    /// alphabetical order. Contained parties (`#id`) count when the resource contains them.
    public static func mentions(in resource: [String: Any]) -> [Mention] {
        let contained = containedParties(resource)
        var found: [Mention] = []
        for field in resource.keys.sorted() where !skipped.contains(field) {
            if let value = resource[field] { collect(value, field: field, contained: contained, into: &found) }
        }
        return found
    }

    /// `Practitioner/123` for a relative reference to a party, or an absolute one on `base`; nil for contained,
    /// foreign or other references.
    public static func key(_ reference: String, base: URL?) -> String? {
        ReferencedResources.key(reference, types: types, base: base)
    }

    /// A Practitioner's or an Organization's name for display: the Organization's `name`; the Practitioner's official
    /// (else usual, else first) name, its `text` or prefix, given, family and suffix names.
    public static func name(of resource: [String: Any]) -> String? {
        if let name = resource["name"] as? String { return trimmed(name) }
        let names = (resource["name"] as? [[String: Any]]) ?? ((resource["name"] as? [String: Any]).map { [$0] } ?? [])
        guard let name = names.first(where: { $0["use"] as? String == "official" }) ?? names.first(where: { $0["use"] as? String == "usual" })
            ?? names.first else { return nil }
        if let text = (name["text"] as? String).flatMap(trimmed) { return text }
        let family = (name["family"] as? String).map { [$0] } ?? (name["family"] as? [String] ?? [])
        let parts = (name["prefix"] as? [String] ?? []) + (name["given"] as? [String] ?? []) + family + (name["suffix"] as? [String] ?? [])
        return trimmed(parts.compactMap(trimmed).joined(separator: " "))
    }

    /// The parties a record's resource JSON names, for display: each mention's name from `parties` (kept with the
    /// record's connection), else from the resource's contained party, else the reference's own `display`.
    public static func lines(for data: Data, parties: ReferencedParties?) -> [Line] {
        guard let resource = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return [] }
        let contained = containedParties(resource)
        return mentions(in: resource).map { mention in
            let containedName = mention.reference.hasPrefix("#") ? contained[String(mention.reference.dropFirst())].flatMap(name(of:)) : nil
            return Line(role: mention.field, name: parties?.name(for: mention.reference) ?? containedName ?? mention.display.flatMap(trimmed),
                        reference: mention.reference)
        }
    }

    private static func collect(_ value: Any, field: String, contained: [String: [String: Any]], into found: inout [Mention]) {
        if let object = value as? [String: Any] {
            if let reference = object["reference"] as? String {
                if isParty(reference, contained: contained) {
                    found.append(Mention(field: field, reference: reference, display: object["display"] as? String))
                }
                return
            }
            for key in object.keys.sorted() {
                if let item = object[key] { collect(item, field: field, contained: contained, into: &found) }
            }
        } else if let list = value as? [Any] {
            for item in list { collect(item, field: field, contained: contained, into: &found) }
        }
    }

    /// Whether `reference` points to a Practitioner or Organization: by its type (relative or absolute), or the
    /// contained resource it names.
    private static func isParty(_ reference: String, contained: [String: [String: Any]]) -> Bool {
        if reference.hasPrefix("#") { return contained[String(reference.dropFirst())].map { types.contains($0["resourceType"] as? String ?? "") } ?? false }
        let parts = reference.split(separator: "/")
        guard parts.count >= 2 else { return false }
        let type = parts[parts.count - 2] == "_history" && parts.count >= 4 ? parts[parts.count - 4] : parts[parts.count - 2]
        return types.contains(String(type))
    }

    private static func containedParties(_ resource: [String: Any]) -> [String: [String: Any]] {
        var byID: [String: [String: Any]] = [:]
        for item in resource["contained"] as? [[String: Any]] ?? [] {
            if let id = item["id"] as? String, types.contains(item["resourceType"] as? String ?? "") { byID[id] = item }
        }
        return byID
    }

    private static func trimmed(_ text: String) -> String? {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }
}
