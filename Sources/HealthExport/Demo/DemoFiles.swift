import Foundation

/// The demo export's clinical records (FHIR R4 JSON in clinical-records/) and export_cda.xml.
enum DemoFiles {
    private static let resources: [(type: String, id: String, json: String)] = [
        ("Observation", "obs-glucose-1", #"{"resourceType":"Observation","id":"obs-glucose-1","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"2339-0","display":"Glucose [Mass/volume] in Blood"}],"text":"Glucose"},"subject":{"reference":"Patient/demo"},"effectiveDateTime":"2021-03-04T09:30:00Z","valueQuantity":{"value":92,"unit":"mg/dL","system":"http://unitsofmeasure.org","code":"mg/dL"}}"#),
        ("Condition", "cond-1", #"{"resourceType":"Condition","id":"cond-1","clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/condition-clinical","code":"active"}]},"code":{"coding":[{"system":"http://snomed.info/sct","code":"195967001","display":"Asthma"}],"text":"Asthma"},"subject":{"reference":"Patient/demo"},"recordedDate":"2019-05-02"}"#),
        ("Immunization", "imm-1", #"{"resourceType":"Immunization","id":"imm-1","status":"completed","vaccineCode":{"coding":[{"system":"http://hl7.org/fhir/sid/cvx","code":"208","display":"COVID-19 vaccine"}],"text":"COVID-19 vaccine"},"patient":{"reference":"Patient/demo"},"occurrenceDateTime":"2021-04-10"}"#),
        ("AllergyIntolerance", "allergy-1", #"{"resourceType":"AllergyIntolerance","id":"allergy-1","clinicalStatus":{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical","code":"active"}]},"code":{"coding":[{"system":"http://snomed.info/sct","code":"91936005","display":"Penicillin allergy"}],"text":"Penicillin"},"patient":{"reference":"Patient/demo"}}"#),
    ]

    /// Writes the JSON files and their `ClinicalRecord` elements.
    static func writeClinicalRecords(root: URL, output: XMLOutput, written: inout DemoExport.Written) throws {
        let folder = root.appendingPathComponent("clinical-records")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for resource in resources {
            let name = "\(resource.type)-\(resource.id).json"
            try Data(resource.json.utf8).write(to: folder.appendingPathComponent(name))
            output.write(" <ClinicalRecord type=\"\(resource.type)\" identifier=\"\(resource.id)\" sourceName=\"Demo Clinic\"")
            output.write(" sourceURL=\"https://fhir.demo-clinic.example/R4/\(resource.type)/\(resource.id)\" fhirVersion=\"4.0.1\"")
            output.write(" receivedDate=\"2021-06-01 10:00:00 -0700\" resourceFilePath=\"/clinical-records/\(name)\"/>\n")
            written.elements["ClinicalRecord", default: 0] += 1
        }
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
