import Foundation

/// The demo export's clinical records (FHIR R4 JSON in clinical-records/), ECGs (electrocardiograms/*.csv) and export_cda.xml.
enum DemoFiles {
    private static let resources: [(type: String, id: String, json: String)] = [
        ("Observation", "obs-glucose-1", #"{"resourceType":"Observation","id":"obs-glucose-1","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"2339-0","display":"Glucose [Mass/volume] in Blood"}],"text":"Glucose"},"subject":{"reference":"Patient/demo"},"effectiveDateTime":"2021-03-04T09:30:00Z","valueQuantity":{"value":92,"unit":"mg/dL","system":"http://unitsofmeasure.org","code":"mg/dL"}}"#),
        ("Condition", "cond-1", #"{"resourceType":"Condition","id":"cond-1","clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/condition-clinical","code":"active"}]},"code":{"coding":[{"system":"http://snomed.info/sct","code":"195967001","display":"Asthma"}],"text":"Asthma"},"subject":{"reference":"Patient/demo"},"recordedDate":"2019-05-02"}"#),
        ("Immunization", "imm-1", #"{"resourceType":"Immunization","id":"imm-1","status":"completed","vaccineCode":{"coding":[{"system":"http://hl7.org/fhir/sid/cvx","code":"208","display":"COVID-19 vaccine"}],"text":"COVID-19 vaccine"},"patient":{"reference":"Patient/demo"},"occurrenceDateTime":"2021-04-10"}"#),
        ("AllergyIntolerance", "allergy-1", #"{"resourceType":"AllergyIntolerance","id":"allergy-1","clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical","code":"active"}]},"code":{"coding":[{"system":"http://snomed.info/sct","code":"91936005","display":"Penicillin allergy"}],"text":"Penicillin"},"patient":{"reference":"Patient/demo"}}"#),
    ]

    /// Writes the JSON files and their `ClinicalRecord` elements: the resources above, and a glucose lab result every
    /// 60 days of `days` (days since 1970), as a clinic's portal adds them.
    static func writeClinicalRecords(root: URL, output: XMLOutput, days: Range<Int>, written: inout DemoExport.Written) throws {
        let folder = root.appendingPathComponent("clinical-records")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var labs: [(type: String, id: String, json: String)] = []
        for (index, day) in stride(from: days.lowerBound + 30, to: days.upperBound, by: 60).enumerated() {
            let (y, m, d) = DemoDay.civil(day)
            let date = String(format: "%04d-%02d-%02dT08:15:00Z", y, m, d)
            labs.append(("Observation", "obs-glucose-lab-\(index + 1)", #"{"resourceType":"Observation","id":"obs-glucose-lab-"# + "\(index + 1)" +
                #"","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"2339-0","display":"Glucose [Mass/volume] in Blood"}],"text":"Glucose"},"subject":{"reference":"Patient/demo"},"effectiveDateTime":""# +
                date + #"","valueQuantity":{"value":"# + "\(80 + (index * 7) % 30)" + #","unit":"mg/dL","system":"http://unitsofmeasure.org","code":"mg/dL"}}"#))
        }
        for resource in resources + labs {
            let name = "\(resource.type)-\(resource.id).json"
            try Data(resource.json.utf8).write(to: folder.appendingPathComponent(name))
            output.write(" <ClinicalRecord type=\"\(resource.type)\" identifier=\"\(resource.id)\" sourceName=\"Demo Clinic\"")
            output.write(" sourceURL=\"https://fhir.demo-clinic.example/R4/\(resource.type)/\(resource.id)\" fhirVersion=\"4.0.1\"")
            output.write(" receivedDate=\"2021-06-01 10:00:00 -0700\" resourceFilePath=\"/clinical-records/\(name)\"/>\n")
            written.elements["ClinicalRecord", default: 0] += 1
        }
    }

    /// Writes 30-second Apple Watch ECGs at 512 Hz (regular rhythms at 60 bpm, every second one irregular), on `days`
    /// (days since 1970) at 09:30 in the demo's winter offset (-0800).
    static func writeElectrocardiograms(root: URL, days: [Int], written: inout DemoExport.Written) throws {
        let folder = root.appendingPathComponent("electrocardiograms")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, day) in days.enumerated() {
            let irregular = index % 2 == 1
            let start = Date(timeIntervalSince1970: Double(day) * 86_400 + 9.5 * 3600 + 28_800)
            let text = ExportText.date(start, offset: -28_800)
            let fields: [(ECGFile.Key, String)] = [
                (.name, "Anna Demo"), (.dateOfBirth, "Jun 14, 1985"), (.recordedDate, text),
                (.classification, irregular ? "Atrial Fibrillation" : "Sinus Rhythm"), (.symptoms, irregular ? "Fatigue" : ""),
                (.softwareVersion, "2"), (.device, "Watch6,2"), (.sampleRate, "512 hertz"), (.lead, "Lead I"), (.unit, "µV"),
            ]
            let file = ECGFile(header: fields.enumerated().map { ECGFile.Field(key: $0.element.0.rawValue, value: $0.element.1, line: $0.offset + 1) },
                               voltages: (0..<512 * 30).map { beat(at: Double($0) / 512, irregular: irregular) })
            try Data(file.text().utf8).write(to: folder.appendingPathComponent("ecg_\(text.prefix(10)).csv"))
            written.elements["Electrocardiogram", default: 0] += 1
        }
    }

    /// A plain heartbeat trace in µV: a small P wave, a sharp QRS spike and a T wave each beat; an irregular trace varies
    /// the beat length and has no P wave.
    private static func beat(at time: Double, irregular: Bool) -> Double {
        let length = irregular ? 0.55 + 0.25 * abs(sin(floor(time / 0.7) * 2.3)) : 1
        let phase = time.truncatingRemainder(dividingBy: length) / length
        func bump(_ center: Double, _ width: Double, _ height: Double) -> Double {
            height * exp(-pow((phase - center) / width, 2))
        }
        let p = irregular ? 15 * sin(time * 40) : bump(0.15, 0.03, 80)
        return ((p + bump(0.3, 0.01, 900) - bump(0.33, 0.01, 200) + bump(0.55, 0.05, 220)) * 1000).rounded() / 1000
    }

    /// Writes export_cda.xml with one small CDA document.
    static func writeCDA(root: URL) throws {
        let cda = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3">
          <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
          <id root="2.16.840.1.113883.19.5" extension="demo-cda-1"/>
          <code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summary of episode note"/>
          <title>Health Data Summary</title>
          <effectiveTime value="20210601100000-0700"/>
          <recordTarget><patientRole><patient><name><given>Anna</given><family>Demo</family></name></patient></patientRole></recordTarget>
          <author><assignedAuthor><assignedPerson><name><given>Health</given><family>App</family></name></assignedPerson></assignedAuthor></author>
          <custodian><assignedCustodian><representedCustodianOrganization><name>Demo Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>
          <component><structuredBody/></component>
        </ClinicalDocument>

        """
        try Data(cda.utf8).write(to: root.appendingPathComponent("export_cda.xml"))
    }
}
