import Foundation
import HealthKitModel
import Testing

/// `HKCDADocumentSample(data:…)` on malformed and hostile XML: refused with the line and column, never a crash, never
/// an entity expanded; valid documents in other encodings and with prefixed names read (issue 16, items 1, 3, 7, 8, 9, 12).
@Suite("CDA documents: hostile and malformed XML")
struct CDAHostileInputTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// A small valid document; `body` goes after the title.
    static func document(title: String = "Summary", body: String = "", namespace: String = "xmlns=\"urn:hl7-org:v3\"") -> String {
        "<ClinicalDocument \(namespace)><title>\(title)</title>\(body)"
            + "<recordTarget><patientRole><patient><name><given>Ada</given><family>Lovelace</family></name></patient></patientRole></recordTarget>"
            + "</ClinicalDocument>"
    }

    static func sample(_ data: Data) throws -> HKCDADocument? {
        try HKCDADocumentSample(data: data, start: date, end: date, metadata: nil).document
    }

    /// The detailed reason of the error `data` is refused with, or nil when it is accepted.
    static func refusal(_ data: Data) -> String? {
        do {
            _ = try sample(data)
            return nil
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            return error.errorUserInfo[HKDetailedCDAValidationErrorKey] as? String ?? "no detail"
        } catch {
            return "unexpected error \(error)"
        }
    }

    // Item 1: Foundation's XMLParser trapped (SIGILL) on these.
    @Test func invalidUTF8InANameOrAttributeIsRefusedWithItsPosition() {
        let name = Data(Self.document().utf8).replacing(Data("<title>".utf8), with: Data([0x3C, 0x74, 0x69, 0xFF, 0x3E]))
        #expect(Self.refusal(name)?.contains("invalid UTF-8") == true)
        #expect(Self.refusal(name)?.contains("line 1, column 45") == true)
        let attribute = Data(Self.document(body: "<code code=\"1\"/>").utf8).replacing(Data("code=".utf8), with: Data([0x63, 0xC3, 0x3D]))
        #expect(Self.refusal(attribute)?.contains("invalid UTF-8") == true)
        let text = Data(Self.document(title: "a\u{1}b").utf8)
        #expect(Self.refusal(text)?.contains("U+1") == true)
    }

    // Item 3: XMLParser on Linux accepted some of these and the sample had an empty title and patient.
    @Test(arguments: [
        ("unclosed root", document().replacingOccurrences(of: "</ClinicalDocument>", with: ""), "is closed"),
        ("unclosed element", document().replacingOccurrences(of: "</title>", with: ""), "is closed by </ClinicalDocument>"),
        ("unterminated comment", document(body: "<!-- left open"), "comment is never closed"),
        ("double hyphen in a comment", document(body: "<!-- a -- b -->"), "\"--\" inside a comment"),
        ("second root", document() + "<ClinicalDocument/>", "second root element"),
        ("text after the root", document() + "trailing", "text after the root element"),
        ("bare ampersand", document(title: "A & B"), "\"&\" starts no reference"),
        ("duplicate attribute", document(body: "<code a=\"1\" a=\"2\"/>"), "appears twice"),
        ("unquoted attribute", document(body: "<code a=1/>"), "not quoted"),
        ("lt in an attribute", document(body: "<code a=\"<\"/>"), "\"<\" in the value"),
        ("unbound prefix", document(body: "<sdtc:raceCode/>"), "not bound to a namespace"),
        ("markup in character data", document(title: "a ]]> b"), "\"]]>\" in character data"),
    ])
    func malformedDocumentsAreRefused(_ name: String, _ text: String, _ reason: String) {
        let refusal = Self.refusal(Data(text.utf8))
        #expect(refusal?.contains(reason) == true, "\(name): \(refusal ?? "accepted")")
        #expect(refusal?.contains("line 1, column") == true, "\(name): \(refusal ?? "accepted")")
    }

    // Item 12: no entity is ever expanded or fetched, whoever calls the initialiser.
    @Test func noEntityIsEverExpandedOrFetched() {
        let subset = "<!DOCTYPE ClinicalDocument [<!ENTITY name \"Mallory\">]>" + Self.document(title: "&name;")
        #expect(Self.refusal(Data(subset.utf8))?.contains("internal subset") == true)
        let external = "<!DOCTYPE ClinicalDocument SYSTEM \"http://127.0.0.1:9/evil.dtd\">" + Self.document(title: "&evil;")
        #expect(Self.refusal(Data(external.utf8))?.contains("the entity &evil; is not declared") == true)
        let billionLaughs = "<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]>" + Self.document(title: "&lol2;")
        #expect(Self.refusal(Data(billionLaughs.utf8)) != nil)
    }

    @Test func doctypeWithoutSubsetAndReferencesAreRead() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE ClinicalDocument SYSTEM \"CDA.dtd\">\n<!-- a comment -->"
            + Self.document(title: "A &amp; B &#x263A; &#65;<![CDATA[ <not markup> ]]>")
        #expect(try Self.sample(Data(text.utf8))?.title == "A & B ☺ A <not markup>")
    }

    // Item 8: valid documents XMLParser refused.
    @Test func otherEncodingsAndPrefixedNamesAreRead() throws {
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + Self.document(title: "Résumé")
        let latinData = try #require(latin1.data(using: .isoLatin1))
        #expect(try Self.sample(latinData)?.title == "Résumé")
        #expect(try Self.sample(latinData)?.documentData == latinData)
        let utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + Self.document(title: "Zoë")
        #expect(try Self.sample(try #require(utf16.data(using: .utf16LittleEndian)).withBOM([0xFF, 0xFE]))?.title == "Zoë")
        #expect(try Self.sample(try #require(utf16.data(using: .utf16BigEndian)).withBOM([0xFE, 0xFF]))?.title == "Zoë")
        #expect(try Self.sample(Data(Self.document(title: "BOM").utf8).withBOM([0xEF, 0xBB, 0xBF]))?.title == "BOM")
        let prefixed = Self.document(namespace: "xmlns:cda=\"urn:hl7-org:v3\"")
            .replacingOccurrences(of: "<(/?)([A-Za-z])", with: "<$1cda:$2", options: .regularExpression)
        let document = try #require(try Self.sample(Data(prefixed.utf8)))
        #expect(document.title == "Summary")
        #expect(document.patientName == "Ada Lovelace")
        #expect(Self.refusal(Data(("<?xml version=\"1.0\" encoding=\"EBCDIC\"?>" + Self.document()).utf8))?.contains("not supported") == true)
    }

    @Test func elementsOutsideTheCDANamespaceDoNotCount() throws {
        let text = Self.document(title: "Real", body: "<x:title xmlns:x=\"urn:other\">Fake</x:title>")
            .replacingOccurrences(of: "<title>Real</title>", with: "")
        #expect(try Self.sample(Data(text.utf8))?.title == "")
    }

    // Item 9.
    @Test func softwareAuthorsAndNameOrder() throws {
        let device = "<author><assignedAuthor><assignedAuthoringDevice><manufacturerModelName>Generic EHR</manufacturerModelName>"
            + "<softwareName>C-CDA Factory</softwareName></assignedAuthoringDevice>"
            + "<representedOrganization><name>Clinic</name></representedOrganization></assignedAuthor></author>"
        #expect(try Self.sample(Data(Self.document(body: device).utf8))?.authorName == "Generic EHR")
        let software = device.replacingOccurrences(of: "<manufacturerModelName>Generic EHR</manufacturerModelName>", with: "")
        #expect(try Self.sample(Data(Self.document(body: software).utf8))?.authorName == "C-CDA Factory")
        let familyFirst = Self.document().replacingOccurrences(
            of: "<given>Ada</given><family>Lovelace</family>",
            with: "<family>Lovelace</family><suffix>PhD</suffix> <given>Ada</given><prefix>Dr.</prefix><given>M.</given>")
        #expect(try Self.sample(Data(familyFirst.utf8))?.patientName == "Dr. Ada M. Lovelace PhD")
        let untyped = Self.document().replacingOccurrences(of: "<given>Ada</given>", with: "\n  Ada\n  ")
        #expect(try Self.sample(Data(untyped.utf8))?.patientName == "Ada Lovelace")
    }

    // Item 7: XMLParser plus the old path copy took 66 s for 100,000 nested elements.
    @Test func deepNestingIsRefusedQuicklyAndModerateNestingIsLinear() throws {
        let deep = Self.document(body: String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000))
        let clock = ContinuousClock()
        let refusalTime = clock.measure { #expect(Self.refusal(Data(deep.utf8))?.contains("nested deeper than 512") == true) }
        #expect(refusalTime < .seconds(5))
        let wide = Self.document(body: String(repeating: "<component><section><text>x</text></section></component>", count: 20_000))
        let readTime = clock.measure { #expect(Self.refusal(Data(wide.utf8)) == nil) }
        #expect(readTime < .seconds(20))
        let nested = Self.document(body: String(repeating: "<a>", count: 500) + String(repeating: "</a>", count: 500))
        #expect(try Self.sample(Data(nested.utf8))?.patientName == "Ada Lovelace")
    }
}

private extension Data {
    func withBOM(_ bom: [UInt8]) -> Data { Data(bom) + self }
}
