import Foundation

/// A ``SampleChart`` as FHIR DSTU2 (Argonaut Data Query shaped) resources: `MedicationOrder`, `substance`,
/// `dateRecorded`, `wasNotGiven`, single-CodeableConcept categories, `indexed`.
enum SampleResourcesDSTU2 {
    typealias R4 = SampleResourcesR4

    /// Every resource of `chart` served at `now`.
    static func resources(_ chart: SampleChart, now: Date, institution: String) -> [[String: Any]] {
        let patient = ["reference": "Patient/\(chart.patientID)"]
        var all: [[String: Any]] = [[
            "resourceType": "Patient", "id": chart.patientID, "gender": chart.gender, "birthDate": chart.birthDate,
            "name": [["use": "official", "family": [chart.family], "given": [chart.given]]],
        ]]
        all += chart.allergies.map { allergy -> [String: Any] in
            ["resourceType": "AllergyIntolerance", "id": allergy.id, "patient": patient, "substance": R4.concept(allergy.code),
             "status": "confirmed", "criticality": allergy.criticality == "high" ? "CRITH" : "CRITL", "recordedDate": allergy.date]
        }
        all += chart.conditions.map { condition -> [String: Any] in
            ["resourceType": "Condition", "id": condition.id, "patient": patient, "code": R4.concept(condition.code),
             "clinicalStatus": "active", "verificationStatus": "confirmed", "onsetDateTime": condition.date, "dateRecorded": condition.date,
             "category": R4.concept(.init(system: "http://hl7.org/fhir/condition-category", code: "problem", display: "Problem"))]
        }
        all += chart.immunizations.map { immunization -> [String: Any] in
            ["resourceType": "Immunization", "id": immunization.id, "patient": patient, "status": "completed", "date": immunization.date,
             "vaccineCode": R4.concept(immunization.code), "wasNotGiven": false, "reported": false]
        }
        all += chart.procedures.map { procedure -> [String: Any] in
            ["resourceType": "Procedure", "id": procedure.id, "subject": patient, "status": "completed", "code": R4.concept(procedure.code),
             "performedDateTime": procedure.date]
        }
        all += chart.labs.map { lab -> [String: Any] in
            observation(R4.observation(lab.id, category: "laboratory", code: lab.code, date: lab.date, patient: patient,
                                       value: R4.quantity(lab.value, lab.unit)))
        }
        all.append(["resourceType": "DiagnosticReport", "id": "\(chart.patientID)-panel", "subject": patient, "status": "final",
                    "category": R4.concept(.init(system: "http://hl7.org/fhir/v2/0074", code: "CH", display: "Chemistry")),
                    "code": R4.concept(.init(system: SampleChart.loinc, code: "24323-8", display: "Comprehensive metabolic panel")),
                    "effectiveDateTime": chart.labs.first?.date ?? SampleChart.written, "issued": SampleChart.written,
                    "performer": ["display": institution], "result": chart.labs.map { ["reference": "Observation/\($0.id)"] }])
        for medication in chart.medications {
            var order: [String: Any] = ["resourceType": "MedicationOrder", "id": medication.id, "patient": patient, "status": "active",
                                        "dateWritten": medication.date]
            if medication.byReference {
                order["medicationReference"] = ["reference": "Medication/\(medication.id)-drug"]
            } else {
                order["medicationCodeableConcept"] = R4.concept(medication.code)
            }
            all.append(order)
        }
        all += chart.notes.map { note -> [String: Any] in
            ["resourceType": "DocumentReference", "id": note.id, "subject": patient, "status": "current", "indexed": note.date + "T10:00:00Z",
             "type": ["coding": [["system": SampleChart.loinc, "code": note.cda ? "34133-9" : "11506-3", "display": note.title]], "text": note.title],
             "content": [["attachment": R4.attachment(note, byURL: false)]]]
        }
        all += R4.vitalSigns(chart, now: now, patient: patient).map(observation)
        return all.map { R4.stamped($0) }
    }

    /// An R4 Observation in DSTU2's shape: one category (DSTU2's code system) instead of a list.
    static func observation(_ r4: [String: Any]) -> [String: Any] {
        var object = r4
        let coding = ((r4["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]])?.first
        object["category"] = ["coding": [["system": "http://hl7.org/fhir/observation-category", "code": coding?["code"] ?? "",
                                          "display": coding?["display"] ?? ""]]]
        return object
    }
}
