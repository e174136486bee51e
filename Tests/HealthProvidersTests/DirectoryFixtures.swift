import Foundation

/// Directory bundles written from the shapes the specifications and vendors publish (see
/// ../shared/reference/provider-download.md §2): an HL7 User-access Brands bundle, Oracle Health's
/// Endpoint/Organization list, Epic's endpoint-only list.
enum DirectoryFixtures {
    /// A Brands bundle as brands.md shows it: a brand with a portal extension and two endpoints, an affiliate
    /// facility `partOf` it (no endpoints of its own), a second brand with an alias and a urn:uuid endpoint reference.
    static let brands = Data(#"""
    {"resourceType": "Bundle", "type": "collection", "timestamp": "2026-11-01T00:00:00Z", "entry": [
      {"fullUrl": "https://example.org/Organization/examplelabs", "resource": {
        "resourceType": "Organization", "id": "examplelabs", "meta": {"lastUpdated": "2026-10-01T00:00:00Z"},
        "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/organization-portal", "extension": [
          {"url": "portalName", "valueString": "ExampleLabs Patient Portal"},
          {"url": "portalUrl", "valueUrl": "https://patient.example.com"},
          {"url": "portalEndpoint", "valueReference": {"reference": "Endpoint/examplelabs-r4"}}]}],
        "identifier": [{"system": "urn:ietf:rfc:3986", "value": "https://examplelabs.example.com"}],
        "active": true, "type": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/organization-type", "code": "lab"}]}],
        "name": "ExampleLabs", "alias": ["ExampleLabs Inc"],
        "telecom": [{"system": "url", "value": "https://www.examplelabs.example.com"}],
        "address": [{"city": "Springfield", "state": "MA", "postalCode": "01101", "country": "US"},
                    {"city": "Worcester", "state": "MA", "country": "US"}],
        "endpoint": [{"reference": "Endpoint/examplelabs-dstu2"}]}},
      {"fullUrl": "https://example.org/Organization/examplelabs-north", "resource": {
        "resourceType": "Organization", "id": "examplelabs-north", "name": "ExampleLabs North Clinic",
        "partOf": {"reference": "Organization/examplelabs"},
        "address": [{"line": ["1 Main St"], "city": "Amherst", "state": "MA", "postalCode": "01002", "country": "US"}]}},
      {"fullUrl": "https://example.org/Endpoint/examplelabs-r4", "resource": {
        "resourceType": "Endpoint", "id": "examplelabs-r4",
        "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/endpoint-fhir-version", "valueCode": "4.0.1"}],
        "status": "active", "connectionType": {"system": "http://terminology.hl7.org/CodeSystem/endpoint-connection-type", "code": "hl7-fhir-rest"},
        "name": "ExampleLabs R4", "contact": [{"system": "url", "value": "https://dev.examplelabs.example.com"}],
        "payloadType": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/endpoint-payload-type", "code": "none"}]}],
        "address": "https://fhir.examplelabs.example.com/r4/"}},
      {"fullUrl": "https://example.org/Endpoint/examplelabs-dstu2", "resource": {
        "resourceType": "Endpoint", "id": "examplelabs-dstu2", "status": "active",
        "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/endpoint-fhir-version", "valueCode": "1.0.2"}],
        "address": "https://fhir.examplelabs.example.com/dstu2"}},
      {"fullUrl": "urn:uuid:6a1f0c9e-4b0e-4d8c-9a55-2f3c8e2b7d11", "resource": {
        "resourceType": "Organization", "name": "Zürich Health Partners", "alias": ["ZHP"],
        "address": [{"city": "Zürich", "country": "CH"}],
        "endpoint": [{"reference": "urn:uuid:0c5a7e52-0d8e-4f0b-8e8e-1a2b3c4d5e6f"}]}},
      {"fullUrl": "urn:uuid:0c5a7e52-0d8e-4f0b-8e8e-1a2b3c4d5e6f", "resource": {
        "resourceType": "Endpoint", "status": "active", "address": "https://EHR.ZHP.example.ch/fhir/R4/"}}
    ]}
    """#.utf8)

    /// Oracle Health's patient list shape: Endpoint + Organization pairs, no `timestamp`, country spelled out.
    static let oracle = Data(#"""
    {"resourceType": "Bundle", "type": "collection", "entry": [
      {"fullUrl": "https://fhir-myrecord.cerner.com/r4/a1b2c3d4-0000-4000-8000-000000000001/Endpoint/a1b2",
       "resource": {"resourceType": "Endpoint", "id": "a1b2", "status": "active",
        "connectionType": {"system": "http://terminology.hl7.org/CodeSystem/endpoint-connection-type", "code": "hl7-fhir-rest"},
        "payloadType": [{"coding": [{"system": "urn:oid:1.3.6.1.4.1.19376.1.2.3", "code": "urn:ihe:pcc:xphr:2007"}]}],
        "address": "https://fhir-myrecord.cerner.com/r4/a1b2c3d4-0000-4000-8000-000000000001/"}},
      {"fullUrl": "https://fhir-myrecord.cerner.com/r4/a1b2c3d4-0000-4000-8000-000000000001/Organization/a1b2",
       "resource": {"resourceType": "Organization", "id": "a1b2",
        "identifier": [{"system": "urn:oid:2.16.840.1.113883.3.13.6", "value": "a1b2c3d4"}],
        "name": "Riverside Regional Medical Center",
        "address": [{"line": ["500 J Clyde Morris Blvd"], "city": "Newport News", "state": "VA", "postalCode": "23601",
                     "country": "United States of America"}],
        "endpoint": [{"reference": "Endpoint/a1b2"}]}},
      {"fullUrl": "https://fhir-myrecord.cerner.com/r4/ffff0000-0000-4000-8000-000000000002/Endpoint/ffff",
       "resource": {"resourceType": "Endpoint", "id": "ffff", "status": "active",
        "address": "https://fhir-myrecord.cerner.com/r4/ffff0000-0000-4000-8000-000000000002/"}},
      {"fullUrl": "https://fhir-myrecord.cerner.com/r4/ffff0000-0000-4000-8000-000000000002/Organization/ffff",
       "resource": {"resourceType": "Organization", "id": "ffff", "name": "Riverside Family Practice",
        "address": [{"city": "Riverside", "state": "CA", "country": "United States of America"}],
        "endpoint": [{"reference": "Endpoint/ffff"}]}}
    ]}
    """#.utf8)

    /// Epic's R4 list shape: Endpoints only, the institution's name in `Endpoint.name`.
    static let epic = Data(#"""
    {"resourceType": "Bundle", "type": "searchset", "entry": [
      {"fullUrl": "https://open.epic.com/Endpoint/e1", "resource": {"resourceType": "Endpoint", "id": "e1", "status": "active",
        "name": "Lakeside Health System", "address": "https://epicproxy.lakeside.example.org/FHIRProxy/api/FHIR/R4/"}},
      {"fullUrl": "https://open.epic.com/Endpoint/e2", "resource": {"resourceType": "Endpoint", "id": "e2", "status": "active",
        "name": "Mountain View Clinic", "address": "https://fhir.mvc.example.org/api/FHIR/R4/"}},
      {"resource": {"resourceType": "Endpoint", "id": "bad", "name": "No Address Hospital"}},
      {"resource": {"resourceType": "Endpoint", "id": "ftp", "name": "FTP Hospital", "address": "ftp://files.example.org/"}},
      "not an entry"
    ]}
    """#.utf8)
}
