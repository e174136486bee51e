import Foundation
public import HealthKitModel

/// Tells DSTU2 from R4 by what a resource declares (meta.profile), by shapes or member names only one release has,
/// or by the release its server URL names.
public enum FHIRVersionDetection {
    /// The release `resource` shows, or nil when it looks the same in both.
    public static func release(of resource: FHIRAnyResource) -> HKFHIRRelease? {
        switch resource.resourceType {
        case "MedicationOrder": return .dstu2
        case "MedicationRequest": return .r4
        default: break
        }
        guard let model = resource.model else { return nil }
        return release(fromProfiles: model.meta?.profile ?? []) ?? shape(of: model) ?? release(fromMembers: resource.memberNames)
    }

    /// The release a server URL names in its path (`…/dstu2/…`, `…/DSTU2/…`, HAPI's `…/baseDstu2/…`; `…/r4/…`,
    /// `…/baseR4/…`), as a bundle entry's `fullUrl` does; nil when it names none.
    public static func release(fromURL url: String?) -> HKFHIRRelease? {
        guard let url, url.hasPrefix("http://") || url.hasPrefix("https://") else { return nil }
        let segments = url.lowercased().split(separator: "/").dropFirst(2)
        if segments.contains(where: { $0 == "dstu2" || $0 == "basedstu2" }) { return .dstu2 }
        if segments.contains(where: { $0 == "r4" || $0 == "baser4" }) { return .r4 }
        return nil
    }

    /// Top-level member names only DSTU2 has, in the modelled resources.
    static let dstu2Members: Set<String> = [
        "comments", "related", "notes", "notPerformed", "reasonNotPerformed", "reasonCodeableConcept", "codedDiagnosis",
        "request", "dateRecorded", "wasNotGiven", "reported", "substance", "dateWritten", "wasNotTaken", "reasonNotTaken",
        "indexed", "image", "careProvider", "animal",
    ]

    /// Top-level member names only R4 has, in the modelled resources.
    static let r4Members: Set<String> = [
        "hasMember", "derivedFrom", "basedOn", "partOf", "conclusionCode", "media", "reasonCode", "recordedDate",
        "occurrenceDateTime", "authoredOn", "statusReason", "focus", "payor", "beneficiary", "generalPractitioner",
        "primarySource", "recorder", "asserter",
    ]

    /// The release whose only-members the resource uses, when it uses only one release's.
    static func release(fromMembers names: Set<String>) -> HKFHIRRelease? {
        let dstu2 = !names.isDisjoint(with: dstu2Members), r4 = !names.isDisjoint(with: r4Members)
        return dstu2 == r4 ? nil : (dstu2 ? .dstu2 : .r4)
    }

    /// The version number for a release: 1.0.2 for DSTU2, 4.0.1 for R4.
    public static func version(for release: HKFHIRRelease) -> HKFHIRVersion {
        release == .dstu2 ? .primaryDSTU2() : .primaryR4()
    }

    /// Argonaut profiles are DSTU2; US Core and versioned R4 URLs are R4.
    static func release(fromProfiles profiles: [String]) -> HKFHIRRelease? {
        for profile in profiles {
            let lower = profile.lowercased()
            if lower.contains("argonaut") || lower.contains("/dstu2/") { return .dstu2 }
            if lower.contains("/us/core/") || lower.contains("/r4/") || lower.contains("/4.0") { return .r4 }
        }
        return nil
    }

    /// Members whose shape or name differs between the releases.
    static func shape(of model: any FHIRResourceModel) -> HKFHIRRelease? {
        switch model {
        case let observation as FHIRObservation: return listRelease(observation.category) ?? listRelease(observation.interpretation)
        case let report as FHIRDiagnosticReport: return listRelease(report.category) ?? listRelease(report.performer)
        case let condition as FHIRCondition:
            if condition.patient != nil || condition.dateRecorded != nil { return .dstu2 }
            if condition.subject != nil || condition.recordedDate != nil { return .r4 }
            return statusRelease(condition.clinicalStatus) ?? listRelease(condition.category)
        case let allergy as FHIRAllergyIntolerance:
            if allergy.substance != nil || allergy.status != nil || allergy.onset != nil { return .dstu2 }
            if allergy.code != nil || allergy.onsetDateTime != nil { return .r4 }
            return statusRelease(allergy.clinicalStatus) ?? listRelease(allergy.category)
        case let immunization as FHIRImmunization:
            if immunization.date != nil || immunization.wasNotGiven != nil { return .dstu2 }
            return immunization.occurrenceDateTime != nil ? .r4 : nil
        case let statement as FHIRMedicationStatement: return subjectRelease(patient: statement.patient, subject: statement.subject)
        case let dispense as FHIRMedicationDispense: return subjectRelease(patient: dispense.patient, subject: dispense.subject)
        case let document as FHIRDocumentReference:
            if document.indexed != nil || document.class != nil || document.created != nil { return .dstu2 }
            return document.date != nil || document.category != nil ? .r4 : nil
        case let coverage as FHIRCoverage:
            if coverage.issuer != nil || coverage.plan != nil { return .dstu2 }
            return coverage.payor != nil ? .r4 : nil
        case let patient as FHIRPatient:
            for name in patient.name ?? [] {
                if case .many = name.family { return .dstu2 }
                if case .one = name.family { return .r4 }
            }
            return nil
        default: return nil
        }
    }

    private static func listRelease<T>(_ value: FHIROneOrMany<T>?) -> HKFHIRRelease? {
        switch value {
        case .one: .dstu2
        case .many: .r4
        case nil: nil
        }
    }

    private static func statusRelease(_ status: FHIRCodeOrConcept?) -> HKFHIRRelease? {
        switch status {
        case .code: .dstu2
        case .concept: .r4
        case nil: nil
        }
    }

    private static func subjectRelease(patient: FHIRReference?, subject: FHIRReference?) -> HKFHIRRelease? {
        patient != nil ? .dstu2 : (subject != nil ? .r4 : nil)
    }
}
