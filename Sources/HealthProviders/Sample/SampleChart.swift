import Foundation

/// What a sample patient's chart holds, independent of the FHIR release it is served in: written for OpenHealthKit
/// (synthetic people, common codes), rendered as R4 by ``SampleResourcesR4`` and as DSTU2 by ``SampleResourcesDSTU2``.
/// Vital signs are generated: one weight and one blood pressure reading every week since ``SampleChart/firstWeek``
/// up to the server's clock, so a later refresh finds new readings as a real institution's would.
struct SampleChart: Sendable {
    /// A code from a code system.
    struct Coded: Sendable {
        var system: String, code: String, display: String
    }

    /// One dated coded entry (an allergy, a condition, an immunization, a procedure).
    struct Entry: Sendable {
        var id: String, code: Coded, date: String
        /// Allergies: `high` or `low`.
        var criticality: String? = nil
    }

    /// A laboratory result.
    struct Lab: Sendable {
        var id: String, code: Coded, value: Double, unit: String, date: String
    }

    /// A medication order; `byReference` ones name a Medication resource instead of carrying the code.
    struct Medication: Sendable {
        var id: String, code: Coded, date: String, byReference: Bool
    }

    /// A clinical note; `cda` notes point at a CDA document (a Binary), others carry plain text inline.
    struct Note: Sendable {
        var id: String, title: String, date: String, text: String, cda: Bool
    }

    var patientID: String, given: String, family: String, gender: String, birthDate: String
    var allergies: [Entry], conditions: [Entry], immunizations: [Entry], procedures: [Entry]
    var labs: [Lab], medications: [Medication], notes: [Note]

    /// When static resources were last changed (their `meta.lastUpdated`).
    static let written = "2026-01-15T09:00:00Z"
    /// The Monday the weekly vital signs start from.
    static let firstWeek = ISO8601DateFormatter().date(from: "2026-01-05T08:00:00Z")!

    /// The days (`yyyy-MM-dd` at 08:00 UTC) of the weekly readings up to `now`.
    static func readingDays(until now: Date) -> [Date] {
        stride(from: firstWeek.timeIntervalSince1970, through: now.timeIntervalSince1970, by: 7 * 86400)
            .map { Date(timeIntervalSince1970: $0) }
    }

    static let snomed = "http://snomed.info/sct", loinc = "http://loinc.org", cvx = "http://hl7.org/fhir/sid/cvx"
    static let rxnorm = "http://www.nlm.nih.gov/research/umls/rxnorm"

    /// The R4 sample patient.
    static let alex = SampleChart(
        patientID: "sample-alex", given: "Alex", family: "Rivera", gender: "female", birthDate: "1980-04-12",
        allergies: [Entry(id: "sample-allergy-penicillin", code: Coded(system: rxnorm, code: "7980", display: "Penicillin G"),
                          date: "2009-06-02", criticality: "high"),
                    Entry(id: "sample-allergy-peanut", code: Coded(system: snomed, code: "256349002", display: "Peanut"),
                          date: "1994-03-20", criticality: "low")],
        conditions: [Entry(id: "sample-condition-hypertension", code: Coded(system: snomed, code: "59621000", display: "Essential hypertension"),
                           date: "2021-09-14"),
                     Entry(id: "sample-condition-rhinitis", code: Coded(system: snomed, code: "367498001", display: "Seasonal allergic rhinitis"),
                           date: "2015-04-02")],
        immunizations: [Entry(id: "sample-immunization-flu", code: Coded(system: cvx, code: "140", display: "Influenza, seasonal, injectable, preservative free"),
                              date: "2025-10-06"),
                        Entry(id: "sample-immunization-tdap", code: Coded(system: cvx, code: "115", display: "Tdap"), date: "2022-05-17")],
        procedures: [Entry(id: "sample-procedure-colonoscopy", code: Coded(system: snomed, code: "73761001", display: "Colonoscopy"),
                           date: "2024-03-05")],
        labs: [Lab(id: "sample-lab-a1c", code: Coded(system: loinc, code: "4548-4", display: "Hemoglobin A1c/Hemoglobin.total in Blood"),
                   value: 5.6, unit: "%", date: "2025-11-03"),
               Lab(id: "sample-lab-cholesterol", code: Coded(system: loinc, code: "2093-3", display: "Cholesterol [Mass/volume] in Serum or Plasma"),
                   value: 187, unit: "mg/dL", date: "2025-11-03"),
               Lab(id: "sample-lab-creatinine", code: Coded(system: loinc, code: "2160-0", display: "Creatinine [Mass/volume] in Serum or Plasma"),
                   value: 0.9, unit: "mg/dL", date: "2025-11-03")],
        medications: [Medication(id: "sample-medication-lisinopril", code: Coded(system: rxnorm, code: "314076", display: "Lisinopril 10 MG Oral Tablet"),
                                 date: "2021-09-14", byReference: true),
                      Medication(id: "sample-medication-cetirizine", code: Coded(system: rxnorm, code: "1014678", display: "Cetirizine 10 MG Oral Tablet"),
                                 date: "2025-04-01", byReference: false)],
        notes: [Note(id: "sample-note-visit", title: "Annual physical", date: "2025-11-03",
                     text: "Annual physical. Blood pressure well controlled on lisinopril. Continue current plan.", cda: false),
                Note(id: "sample-note-ccd", title: "Continuity of Care Document", date: "2025-11-03", text: "", cda: true)])

    /// The DSTU2 (Argonaut) sample patient.
    static let sam = SampleChart(
        patientID: "sample-sam", given: "Sam", family: "Okafor", gender: "male", birthDate: "1957-11-30",
        allergies: [Entry(id: "sample-allergy-sulfa", code: Coded(system: rxnorm, code: "10831", display: "Sulfamethoxazole"),
                          date: "2001-08-09", criticality: "high")],
        conditions: [Entry(id: "sample-condition-diabetes", code: Coded(system: snomed, code: "44054006", display: "Diabetes mellitus type 2"),
                           date: "2012-02-21"),
                     Entry(id: "sample-condition-osteoarthritis", code: Coded(system: snomed, code: "239873007", display: "Osteoarthritis of knee"),
                           date: "2019-07-08")],
        immunizations: [Entry(id: "sample-immunization-pneumococcal", code: Coded(system: cvx, code: "33", display: "Pneumococcal polysaccharide PPV23"),
                              date: "2023-01-12")],
        procedures: [Entry(id: "sample-procedure-knee-injection", code: Coded(system: snomed, code: "385840008", display: "Injection of knee joint"),
                           date: "2024-09-30")],
        labs: [Lab(id: "sample-lab-glucose", code: Coded(system: loinc, code: "2345-7", display: "Glucose [Mass/volume] in Serum or Plasma"),
                   value: 131, unit: "mg/dL", date: "2025-08-19"),
               Lab(id: "sample-lab-a1c-dstu2", code: Coded(system: loinc, code: "4548-4", display: "Hemoglobin A1c/Hemoglobin.total in Blood"),
                   value: 7.1, unit: "%", date: "2025-08-19")],
        medications: [Medication(id: "sample-medication-metformin", code: Coded(system: rxnorm, code: "860975", display: "Metformin 500 MG Oral Tablet"),
                                 date: "2012-02-21", byReference: true)],
        notes: [Note(id: "sample-note-followup", title: "Diabetes follow-up", date: "2025-08-19",
                     text: "Diabetes follow-up. A1c 7.1%. Discussed diet; metformin continued.", cda: false),
                Note(id: "sample-note-summary", title: "Continuity of Care Document", date: "2025-08-19", text: "", cda: true)])

    /// The CDA document a `cda` note points at: a small ClinicalDocument naming the patient and the institution.
    func cdaDocument(institution: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <ClinicalDocument xmlns="urn:hl7-org:v3"><templateId root="2.16.840.1.113883.10.20.22.1.2"/>\
            <title>Continuity of Care Document</title><effectiveTime value="\(notes.first { $0.cda }?.date.replacingOccurrences(of: "-", with: "") ?? "20250101")"/>\
            <recordTarget><patientRole><patient><name><given>\(given)</given><family>\(family)</family></name></patient></patientRole></recordTarget>\
            <author><assignedAuthor><assignedPerson><name><given>Jordan</given><family>Lee</family></name></assignedPerson></assignedAuthor></author>\
            <custodian><assignedCustodian><representedCustodianOrganization><name>\(institution)</name></representedCustodianOrganization></assignedCustodian></custodian>\
            </ClinicalDocument>
            """.utf8)
    }
}
