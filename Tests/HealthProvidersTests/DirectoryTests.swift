import Foundation
import HealthProviders
import TestSupport
import Testing

/// The institution directory: Brands bundles, Endpoint/Organization lists, search, overrides, bad input.
@Suite struct DirectoryTests {
    static func directory(_ inputs: [(Data, String)]) throws -> InstitutionDirectory {
        var directory = InstitutionDirectory()
        for (data, name) in inputs { try directory.add(bundle: data, input: name) }
        return directory
    }

    @Test func brandsBundleGivesBrandsPortalsAndAffiliates() throws {
        let directory = try Self.directory([(DirectoryFixtures.brands, "brands.json")])
        #expect(directory.problems.isEmpty)
        let labs = try #require(directory.institutions.first { $0.name == "ExampleLabs" })
        #expect(labs.aliases == ["ExampleLabs Inc", "ExampleLabs Patient Portal"])
        #expect(labs.website == "https://www.examplelabs.example.com")
        #expect(labs.endpoints.map(\.address.absoluteString).sorted()
            == ["https://fhir.examplelabs.example.com/dstu2", "https://fhir.examplelabs.example.com/r4/"])
        #expect(labs.endpoints.first { $0.fhirVersion == "4.0.1" }?.name == "ExampleLabs R4")
        #expect(labs.origin == "brands.json: entry[0]")
        let north = try #require(directory.institutions.first { $0.name == "ExampleLabs North Clinic" })
        #expect(north.parentName == "ExampleLabs")
        #expect(north.endpoints.count == 2, "a facility without endpoints takes its brand's")
        let zurich = try #require(directory.institutions.first { $0.name == "Zürich Health Partners" })
        #expect(zurich.endpoints.map(\.key) == ["https://ehr.zhp.example.ch/fhir/R4"], "urn:uuid references resolve")
        #expect(directory.institutions.count == 3, "endpoints claimed by an organization are not institutions of their own")
    }

    @Test func searchMatchesNamesAliasesAndPlaces() throws {
        let directory = try Self.directory([(DirectoryFixtures.brands, "brands.json"), (DirectoryFixtures.oracle, "oracle.json"),
                                            (DirectoryFixtures.epic, "epic.json")])
        #expect(directory.search("examplelabs").map(\.name) == ["ExampleLabs", "ExampleLabs North Clinic"])
        #expect(directory.search("amherst").map(\.name) == ["ExampleLabs North Clinic"])
        #expect(directory.search("zurich").map(\.name) == ["Zürich Health Partners"], "accents fold")
        #expect(directory.search("ZHP").map(\.name) == ["Zürich Health Partners"], "aliases count")
        #expect(directory.search("riverside").map(\.name) == ["Riverside Family Practice", "Riverside Regional Medical Center"])
        #expect(directory.search("riverside VA").map(\.name) == ["Riverside Regional Medical Center"], "every word must match")
        #expect(directory.search("23601").map(\.name) == ["Riverside Regional Medical Center"])
        #expect(directory.search("lakeside").map(\.name) == ["Lakeside Health System"])
        #expect(directory.search("no such place").isEmpty)
        #expect(directory.search("").count == 7)
        let found = directory.institutions(endpoint: URL(string: "https://fhir-myrecord.cerner.com/r4/a1b2c3d4-0000-4000-8000-000000000001")!)
        #expect(found.map(\.name) == ["Riverside Regional Medical Center"], "trailing slash does not matter")
    }

    @Test func badEntriesAreNamedAndTheRestIsKept() throws {
        let directory = try Self.directory([(DirectoryFixtures.epic, "epic.json")])
        #expect(directory.institutions.map(\.name) == ["Lakeside Health System", "Mountain View Clinic"])
        #expect(directory.problems.map(\.description) == [
            "epic.json: entry[2].resource.address: missing or not an http(s) URL",
            "epic.json: entry[3].resource.address: missing or not an http(s) URL",
            "epic.json: entry[4]: no resource object",
        ])
    }

    @Test func inputsThatAreNoBundleAreRefusedByName() throws {
        var directory = InstitutionDirectory()
        #expect(throws: DirectoryError("x.json", "not a FHIR Bundle (resourceType is not \"Bundle\")")) {
            try directory.add(bundle: Data(#"{"resourceType":"Organization","name":"A"}"#.utf8), input: "x.json")
        }
        let garbage = Data([0xFF, 0x00, 0x7B, 0x22])
        #expect { try directory.add(bundle: garbage, input: "garbage.bin") } throws: { error in
            (error as? DirectoryError)?.description.hasPrefix("garbage.bin: not valid JSON") == true
        }
        #expect { try directory.add(bundle: Data(#"{"resourceType":"Bundle","entry":{"a":1}}"#.utf8), input: "y.json") } throws: { error in
            (error as? DirectoryError)?.description == "y.json: entry: expected a list"
        }
        let dangling = Data(#"{"resourceType":"Bundle","entry":[{"resource":{"resourceType":"Organization","name":"Lost","endpoint":[{"reference":"Endpoint/gone"}]}}]}"#.utf8)
        try directory.add(bundle: dangling, input: "z.json")
        #expect(directory.problems.map(\.description) == ["z.json: entry[0].resource: endpoint reference Endpoint/gone is not in the bundle"])
        #expect(directory.search("lost").isEmpty, "an institution without endpoints cannot be connected to")
    }

    /// Bundles we did not write (Synthea patients, HL7 examples): Organizations without endpoints, never a crash.
    @Test func publicBundlesReadWithoutCrashing() throws {
        guard let folder = TestData.directory("fhir-r4/synthea-selected-patients") else {
            print(TestData.missingMessage); return
        }
        var directory = InstitutionDirectory()
        for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where file.pathExtension == "json" {
            try directory.add(contentsOf: file)
        }
        #expect(!directory.institutions.isEmpty, "Synthea bundles carry Organizations")
        #expect(directory.search("").isEmpty, "none has a FHIR endpoint")
    }

    @Test func overridesAreFoundByAddressAndBadFilesNamed() throws {
        let file = Data(#"""
        {"endpoints": [{"address": "https://fhir.mvc.example.org/api/FHIR/R4/", "aud": "stripSlash",
          "accept": "application/json+fhir", "tokenEndpoint": "https://fhir.mvc.example.org/oauth2/token",
          "searchParameters": {"Observation": ["category=laboratory", "category=vital-signs"], "MedicationRequest": ["intent=order,plan"]}}]}
        """#.utf8)
        let overrides = try EndpointOverrides.read(file, input: "overrides.json")
        let found = try #require(overrides.override(for: URL(string: "https://FHIR.mvc.example.org/api/FHIR/R4")!))
        #expect(found.aud == .stripSlash)
        #expect(found.searchParameters?["Observation"] == ["category=laboratory", "category=vital-signs"])
        #expect(overrides.override(for: URL(string: "https://other.example.org/fhir")!) == nil)
        #expect(throws: DirectoryError("o.json", "endpoints[0].address: required member is missing")) {
            try EndpointOverrides.read(Data(#"{"endpoints":[{"aud":"omit"}]}"#.utf8), input: "o.json")
        }
        #expect { try EndpointOverrides.read(Data(#"{"endpoints":[{"address":"https://a.example","aud":"sideways"}]}"#.utf8), input: "o.json") } throws: { error in
            (error as? DirectoryError)?.description.hasPrefix("o.json: endpoints[0].aud:") == true
        }
    }
}
