import Foundation

/// A ``SampleChart`` as FHIR R4 (US Core shaped) resources.
enum SampleResourcesR4 {
    /// Every resource of `chart` served at `now` (the weekly vital signs up to `now`).
    static func resources(_ chart: SampleChart, now: Date) -> [[String: Any]] {
        let patient = ["reference": "Patient/\(chart.patientID)"]
        var all: [[String: Any]] = [[
            "resourceType": "Patient", "id": chart.patientID, "gender": chart.gender, "birthDate": chart.birthDate,
            "name": [["use": "official", "family": chart.family, "given": [chart.given]]],
        ]]
        all += chart.allergies.map { allergy -> [String: Any] in
            ["resourceType": "AllergyIntolerance", "id": allergy.id, "patient": patient, "code": concept(allergy.code),
             "criticality": allergy.criticality ?? "low", "recordedDate": allergy.date,
             "clinicalStatus": concept(.init(system: "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", code: "active", display: "Active")),
             "verificationStatus": concept(.init(system: "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification", code: "confirmed", display: "Confirmed"))]
        }
        all += chart.conditions.map { condition -> [String: Any] in
            ["resourceType": "Condition", "id": condition.id, "subject": patient, "code": concept(condition.code),
             "onsetDateTime": condition.date, "recordedDate": condition.date,
             "category": [concept(.init(system: "http://terminology.hl7.org/CodeSystem/condition-category", code: "problem-list-item", display: "Problem List Item"))],
             "clinicalStatus": concept(.init(system: "http://terminology.hl7.org/CodeSystem/condition-clinical", code: "active", display: "Active"))]
        }
        all += chart.immunizations.map { immunization -> [String: Any] in
            ["resourceType": "Immunization", "id": immunization.id, "patient": patient, "status": "completed",
             "vaccineCode": concept(immunization.code), "occurrenceDateTime": immunization.date, "primarySource": true]
        }
        all += chart.procedures.map { procedure -> [String: Any] in
            ["resourceType": "Procedure", "id": procedure.id, "subject": patient, "status": "completed", "code": concept(procedure.code),
             "performedDateTime": procedure.date]
        }
        all += chart.labs.map { lab -> [String: Any] in observation(lab.id, category: "laboratory", code: lab.code, date: lab.date, patient: patient,
                                                   value: quantity(lab.value, lab.unit)) }
        all.append(["resourceType": "DiagnosticReport", "id": "\(chart.patientID)-panel", "subject": patient, "status": "final",
                    "category": [concept(.init(system: "http://terminology.hl7.org/CodeSystem/v2-0074", code: "LAB", display: "Laboratory"))],
                    "code": concept(.init(system: SampleChart.loinc, code: "24323-8", display: "Comprehensive metabolic panel")),
                    "effectiveDateTime": chart.labs.first?.date ?? SampleChart.written, "issued": SampleChart.written,
                    "result": chart.labs.map { ["reference": "Observation/\($0.id)"] }])
        for medication in chart.medications {
            var request: [String: Any] = ["resourceType": "MedicationRequest", "id": medication.id, "subject": patient, "status": "active",
                                          "intent": "order", "authoredOn": medication.date]
            if medication.byReference {
                request["medicationReference"] = ["reference": "Medication/\(medication.id)-drug"]
            } else {
                request["medicationCodeableConcept"] = concept(medication.code)
            }
            all.append(request)
        }
        all += chart.notes.map { note -> [String: Any] in
            ["resourceType": "DocumentReference", "id": note.id, "subject": patient, "status": "current", "date": note.date + "T10:00:00Z",
             "type": ["coding": [["system": SampleChart.loinc, "code": note.cda ? "34133-9" : "11506-3", "display": note.title]], "text": note.title],
             "content": [["attachment": attachment(note, byURL: true)]]]
        }
        all += vitalSigns(chart, now: now, patient: patient)
        return all.map { stamped($0) }
    }

    /// Medications referenced by the chart's orders, read by id (`Medication/<order>-drug`), not searched.
    static func medications(_ chart: SampleChart) -> [[String: Any]] {
        chart.medications.filter(\.byReference).map { stamped(["resourceType": "Medication", "id": "\($0.id)-drug", "code": concept($0.code)]) }
    }

    /// A note's attachment: the CDA document or the text as a Binary on the server (`byURL`), else the text inline.
    static func attachment(_ note: SampleChart.Note, byURL: Bool) -> [String: Any] {
        if note.cda { return ["contentType": "application/xml", "url": "Binary/\(note.id)-document", "title": note.title] }
        return byURL ? ["contentType": "text/plain", "url": "Binary/\(note.id)-text", "title": note.title]
            : ["contentType": "text/plain", "data": Data(note.text.utf8).base64EncodedString(), "title": note.title]
    }

    /// Weekly body weight and blood pressure, dated (and last updated) on their day.
    static func vitalSigns(_ chart: SampleChart, now: Date, patient: [String: String]) -> [[String: Any]] {
        SampleChart.readingDays(until: now).enumerated().flatMap { week, day -> [[String: Any]] in
            let date = SampleServer.instant(day), key = SampleServer.day(day)
            var weight = observation("\(chart.patientID)-weight-\(key)", category: "vital-signs",
                                     code: .init(system: SampleChart.loinc, code: "29463-7", display: "Body weight"), date: date,
                                     patient: patient, value: quantity(70 + Double(week % 5) * 0.3, "kg"))
            weight["meta"] = ["lastUpdated": date]
            var pressure = observation("\(chart.patientID)-bp-\(key)", category: "vital-signs",
                                       code: .init(system: SampleChart.loinc, code: "85354-9", display: "Blood pressure panel"), date: date,
                                       patient: patient, value: nil)
            pressure["component"] = [
                ["code": concept(.init(system: SampleChart.loinc, code: "8480-6", display: "Systolic blood pressure")),
                 "valueQuantity": quantity(Double(118 + week % 7), "mm[Hg]")],
                ["code": concept(.init(system: SampleChart.loinc, code: "8462-4", display: "Diastolic blood pressure")),
                 "valueQuantity": quantity(Double(76 + week % 4), "mm[Hg]")],
            ]
            pressure["meta"] = ["lastUpdated": date]
            return [weight, pressure]
        }
    }

    static func observation(_ id: String, category: String, code: SampleChart.Coded, date: String, patient: [String: String],
                            value: [String: Any]?) -> [String: Any] {
        var object: [String: Any] = [
            "resourceType": "Observation", "id": id, "status": "final", "subject": patient, "code": concept(code), "effectiveDateTime": date,
            "category": [concept(.init(system: "http://terminology.hl7.org/CodeSystem/observation-category", code: category,
                                       display: category == "laboratory" ? "Laboratory" : "Vital Signs"))],
        ]
        object["valueQuantity"] = value
        return object
    }

    /// `meta.lastUpdated` = ``SampleChart/written`` unless the resource has its own.
    static func stamped(_ resource: [String: Any]) -> [String: Any] {
        var resource = resource
        if resource["meta"] == nil { resource["meta"] = ["lastUpdated": SampleChart.written] }
        return resource
    }

    static func concept(_ code: SampleChart.Coded) -> [String: Any] {
        ["coding": [["system": code.system, "code": code.code, "display": code.display]], "text": code.display]
    }

    static func quantity(_ value: Double, _ unit: String) -> [String: Any] {
        ["value": value, "unit": unit, "system": "http://unitsofmeasure.org", "code": unit]
    }
}
