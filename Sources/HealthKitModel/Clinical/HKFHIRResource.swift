public import Foundation

/// A FHIR resource of a clinical record: its JSON plus the fields HealthKit reads from it (iOS 12).
///
/// A resource is identified by its type and `id` within its source (the FHIR endpoint).
open class HKFHIRResource: NSObject, NSCopying, @unchecked Sendable {
    /// The FHIR version of the resource (iOS 14).
    public let fhirVersion: HKFHIRVersion
    /// The JSON `resourceType`.
    public let resourceType: HKFHIRResourceType
    /// The JSON `id`, unique within the resource type and the source.
    public let identifier: String
    /// The resource's JSON representation.
    public let data: Data
    /// Where the resource was fetched from, if known.
    public let sourceURL: URL?

    /// Creates a resource from its parts (OpenHealthKit extension; HealthKit creates resources itself).
    public init(fhirVersion: HKFHIRVersion, resourceType: HKFHIRResourceType, identifier: String, data: Data, sourceURL: URL?) {
        self.fhirVersion = fhirVersion
        self.resourceType = resourceType
        self.identifier = identifier
        self.data = data
        self.sourceURL = sourceURL
        super.init()
    }

    /// Creates a resource from FHIR JSON, reading `resourceType` and `id` from it (OpenHealthKit extension).
    ///
    /// Throws ``HKError/Code/errorInvalidArgument`` when `data` is not a JSON object with string
    /// `resourceType` and `id` members.
    public static func resource(jsonData data: Data, fhirVersion: HKFHIRVersion, sourceURL: URL? = nil) throws(HKError) -> HKFHIRResource {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw HKError(.errorInvalidArgument, "Invalid FHIR resource: the data is not JSON (\(error.localizedDescription))")
        }
        guard let json = object as? [String: Any] else {
            throw HKError(.errorInvalidArgument, "Invalid FHIR resource: the JSON is not an object")
        }
        guard let type = json["resourceType"] as? String, !type.isEmpty else {
            throw HKError(.errorInvalidArgument, "Invalid FHIR resource: missing string \"resourceType\"")
        }
        guard let id = json["id"] as? String, !id.isEmpty else {
            throw HKError(.errorInvalidArgument, "Invalid FHIR resource: \(type) has no string \"id\"")
        }
        return HKFHIRResource(
            fhirVersion: fhirVersion, resourceType: HKFHIRResourceType(rawValue: type), identifier: id,
            data: data, sourceURL: sourceURL
        )
    }

    /// Resources are equal when version, type, identifier, data and source URL are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKFHIRResource else { return false }
        return other === self
            || (other.fhirVersion.isEqual(fhirVersion) && other.resourceType == resourceType
                && other.identifier == identifier && other.data == data && other.sourceURL == sourceURL)
    }

    /// Hash of the resource type and identifier.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(resourceType)
        hasher.combine(identifier)
        return hasher.finalize()
    }

    /// `<HKFHIRResource Observation/abc (R4 4.0.1)>`.
    public override var description: String {
        "<HKFHIRResource \(resourceType.rawValue)/\(identifier) (\(fhirVersion.fhirRelease.rawValue) \(fhirVersion.stringRepresentation))>"
    }

    /// Returns `self`: resources are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
