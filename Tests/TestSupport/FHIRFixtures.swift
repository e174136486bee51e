public import Foundation

/// Small FHIR documents written inline by the clinical-record tests.
public enum FHIRFixtures {
    /// A Bundle of `type` whose entries hold `resources` (each one resource's JSON).
    public static func bundle(_ resources: [String], type: String = "collection") -> Data {
        let entries = resources.map { #"{"fullUrl":"urn:uuid:x","resource":\#($0)}"# }.joined(separator: ",")
        return Data(#"{"resourceType":"Bundle","type":"\#(type)","entry":[\#(entries)]}"#.utf8)
    }
}
