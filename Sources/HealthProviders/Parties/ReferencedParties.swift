public import Foundation

/// A Practitioner or Organization that a connection's records refer to (`requester`, `performer`, `recorder`…),
/// kept with the connection as reference data: HealthKit's clinical types have no place for them, and a record reads
/// better naming who ordered or performed it than showing `Practitioner/123`.
public struct ReferencedParty: Codable, Sendable, Equatable {
    /// `Practitioner/123` or `Organization/456` (relative to the connection's FHIR base).
    public var reference: String
    /// The name to show: a Practitioner's name ("Dr. Loren Fay"), an Organization's `name`; nil when it has none.
    public var name: String?
    /// This version at the source: `meta.versionId`, else `meta.lastUpdated`, else the SHA-256 of the resource.
    public var version: String
    /// When this version was first read.
    public var fetched: Date

    /// A party read from the source.
    public init(reference: String, name: String?, version: String, fetched: Date) {
        self.reference = reference
        self.name = name
        self.version = version
        self.fetched = fetched
    }
}

/// The Practitioners and Organizations one connection's records refer to, by reference; kept in
/// `<database>.providers/<connection id>.parties` (``ConnectionStore/parties(of:)``).
public struct ReferencedParties: Codable, Sendable, Equatable {
    /// The connection's FHIR base (absolute references on it are keyed relative to it).
    public var fhirBase: URL?
    /// The parties by reference (`Practitioner/123`).
    public var parties: [String: ReferencedParty] = [:]

    /// No parties yet, for the connection at `fhirBase`.
    public init(fhirBase: URL?) {
        self.fhirBase = fhirBase
    }

    /// The kept name of the party `reference` points to (relative, or absolute on the FHIR base), if any.
    public func name(for reference: String) -> String? {
        PartyReferences.key(reference, base: fhirBase).flatMap { parties[$0]?.name }
    }
}
