import Foundation
public import HealthKitModel

/// A decoded FHIR resource: the members OpenHealthKit reads. Members it does not model are ignored when
/// decoding and never lost, because the store keeps the resource's original JSON bytes.
public protocol FHIRResourceModel: Decodable, Sendable {
    /// The JSON `resourceType` this model decodes (e.g. `"Observation"`).
    static var resourceType: String { get }
    /// The logical id (`id`); may be absent in a bundle entry that names the resource by `fullUrl`.
    var id: String? { get }
    /// Version, update time and profiles.
    var meta: FHIRMeta? { get }
}

/// A resource HealthKit can keep as a clinical record.
public protocol FHIRClinicalResource: FHIRResourceModel {
    /// The clinical type the resource belongs to, or nil when it fits none (an Observation of an unknown kind).
    var clinicalTypeIdentifier: HKClinicalTypeIdentifier? { get }
    /// The title the Health app shows, from the resource's own members; nil when it has none.
    var displayName: String? { get }
    /// The date the record is about (when observed, given, prescribed...), as a FHIR dateTime.
    var relevantDate: String? { get }
}

/// Any FHIR resource: the model for its `resourceType` when OpenHealthKit has one, else just the type and id.
public struct FHIRAnyResource: Decodable, Sendable {
    /// The JSON `resourceType`.
    public let resourceType: String
    /// The logical id, if present.
    public let id: String?
    /// The decoded model, nil for resource types OpenHealthKit does not model.
    public let model: (any FHIRResourceModel)?
    /// The names of the resource's top-level members (for version detection), when read by ``FHIRReader``.
    public internal(set) var memberNames: Set<String> = []

    /// The model as a clinical resource, when it is one.
    public var clinical: (any FHIRClinicalResource)? { model as? any FHIRClinicalResource }

    private enum Keys: String, CodingKey { case resourceType, id }

    /// The models OpenHealthKit decodes, by resource type.
    static let models: [String: any FHIRResourceModel.Type] = {
        let all: [any FHIRResourceModel.Type] = [
            FHIRObservation.self, FHIRDiagnosticReport.self, FHIRCondition.self, FHIRAllergyIntolerance.self,
            FHIRImmunization.self, FHIRProcedure.self, FHIRMedicationStatement.self, FHIRMedicationOrder.self,
            FHIRMedicationRequest.self, FHIRMedicationDispense.self, FHIRMedication.self, FHIRDocumentReference.self,
            FHIRCoverage.self, FHIRPatient.self, FHIRBundle.self,
        ]
        return Dictionary(uniqueKeysWithValues: all.map { ($0.resourceType, $0) })
    }()

    /// A resource of a type OpenHealthKit does not model, known by its type and id alone.
    init(unmodelled resourceType: String, id: String?, memberNames: Set<String>) {
        self.resourceType = resourceType
        self.id = id
        self.model = nil
        self.memberNames = memberNames
    }

    /// Reads `resourceType` (required, a string), then the whole resource with its model.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        resourceType = try container.decode(String.self, forKey: .resourceType)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        model = try Self.models[resourceType].map { try $0.init(from: decoder) }
    }
}
