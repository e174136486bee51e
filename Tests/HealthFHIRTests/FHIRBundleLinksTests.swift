import Foundation
import HealthFHIR
import Testing
import TestSupport

/// `FHIRBundleLinks` reads a Bundle's type and links without its entries: what a full JSON parse reads, on every JSON
/// file of the corpora, and broken input refused without a crash.
@Suite struct FHIRBundleLinksTests {
    @Test(arguments: ["fhir-dstu2", "fhir-r4"])
    func readsWhatAFullParseReads(corpus: String) throws {
        guard let (files, _) = try FHIRCorpusTests.files(corpus) else { print(TestData.missingMessage); return }
        var bundles = 0, linked = 0
        for file in files {
            let data = try Data(contentsOf: file)
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            var expected: [String: String] = [:]
            for link in object["link"] as? [[String: Any]] ?? [] {
                if let relation = link["relation"] as? String, let url = link["url"] as? String { expected[relation] = url }
            }
            let read = try FHIRBundleLinks(data)
            #expect(read.resourceType == object["resourceType"] as? String, "\(file.lastPathComponent)")
            #expect(read.links == expected, "\(file.lastPathComponent)")
            if read.resourceType == "Bundle" { bundles += 1 }
            if expected["next"] != nil { linked += 1 }
        }
        print("\(corpus): \(bundles) bundles, \(linked) with a next link")
        #expect(bundles > 10 && linked > 0)
    }

    @Test func aCutPageIsRefused() throws {
        guard let root = TestData.directory("fhir-r4") else { print(TestData.missingMessage); return }
        let data = try Data(contentsOf: root.appendingPathComponent("hl7-spec-examples/bundle-example.json"))
        #expect(try FHIRBundleLinks(data).links["next"]?.hasSuffix("page=2") == true)
        let end = try #require(data.lastIndex(of: UInt8(ascii: "}")))
        for cut in stride(from: 0, to: end, by: 5) {
            #expect(throws: FHIRDecodingError.self, "cut at \(cut)") { try FHIRBundleLinks(data.prefix(cut)) }
        }
    }

    @Test func linksThatAreNotObjectsWithStringsAreLeftOut() throws {
        let odd = #"{"resourceType":"Bundle","link":[1,"next",null,{"relation":"next"},{"relation":"self","url":7},"#
            + #"{"url":"http://x/a","relation":"next","extension":[{"url":"u"}]}],"entry":[{"resource":{"resourceType":"Patient"}}]}"#
        #expect(try FHIRBundleLinks(Data(odd.utf8)).links == ["next": "http://x/a"])
        let notAnArray = try FHIRBundleLinks(Data(#"{"link":{"relation":"next","url":"http://x/b"},"resourceType":"Bundle"}"#.utf8))
        #expect(notAnArray.links.isEmpty && notAnArray.resourceType == "Bundle")
        #expect(throws: FHIRDecodingError.self) { try FHIRBundleLinks(Data("[]".utf8)) }
        #expect(throws: FHIRDecodingError.self) { try FHIRBundleLinks(Data()) }
    }
}
