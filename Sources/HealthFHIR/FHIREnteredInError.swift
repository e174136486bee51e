package import Foundation

/// Whether a resource says it was entered in error: `status` (every clinical resource type), or `verificationStatus`
/// (Condition and AllergyIntolerance; a code in DSTU2, a CodeableConcept in R4), is `entered-in-error`.
///
/// FHIR defines the status as "this should not have existed": the institution withdrew the resource. Ingestion
/// therefore never stores one, and removes the record of an earlier version (docs/ClinicalRecords.md).
package enum FHIREnteredInError {
    /// The status code FHIR uses.
    package static let code = "entered-in-error"

    /// Whether `data` (one resource's JSON) is marked entered in error. Only resources that contain the code at all are
    /// decoded again, so the cost is a byte search for the rest.
    package static func isMarked(_ data: Data) -> Bool {
        guard data.range(of: Data(code.utf8)) != nil, let probe = try? JSONSliceDecoder.decode(Probe.self, from: data) else { return false }
        return probe.status == code || probe.verificationStatus?.code == code
    }

    private struct Probe: Decodable {
        var status: String?
        var verificationStatus: FHIRCodeOrConcept?

        private enum Keys: String, CodingKey { case status, verificationStatus }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            status = try? container.decodeIfPresent(String.self, forKey: .status)
            verificationStatus = try? container.decodeIfPresent(FHIRCodeOrConcept.self, forKey: .verificationStatus)
        }
    }
}
