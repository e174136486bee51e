import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the four fields HealthKit indexes from an HL7 CDA document: title, patient, author, custodian.
///
/// The document must be well-formed XML whose root is `ClinicalDocument` in the `urn:hl7-org:v3`
/// namespace. Missing optional parts read as empty strings, as HealthKit's `HKCDADocument` has no optionals.
struct CDAFields: Equatable {
    var title = ""
    var patientName = ""
    var authorName = ""
    var custodianName = ""

    /// The CDA namespace.
    static let namespace = "urn:hl7-org:v3"

    /// Parses `data`, or throws `HKError(.errorInvalidArgument)` whose `HKDetailedCDAValidationErrorKey` says why.
    static func read(_ data: Data) throws(HKError) -> CDAFields {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        let parsed = parser.parse()
        if let problem = reader.problem {
            throw invalid(problem)
        }
        guard parsed else {
            let (line, column) = reader.errorPosition ?? (parser.lineNumber, parser.columnNumber)
            let code = (parser.parserError as NSError?).flatMap { XMLParser.ErrorCode(rawValue: $0.code) }
            let reason = code.map { String(describing: $0) } ?? "unknown error"
            throw invalid("the document is not well-formed XML (line \(line), column \(column)): \(reason)")
        }
        guard reader.sawRoot else { throw invalid("the document has no root element") }
        return reader.fields
    }

    private static func invalid(_ detail: String) -> HKError {
        HKError(.errorInvalidArgument, userInfo: [
            NSLocalizedDescriptionKey: "Invalid CDA document: \(detail)",
            HKDetailedCDAValidationErrorKey: detail,
        ])
    }

    /// The element paths (below `ClinicalDocument`) whose name elements give each field, in order of preference.
    fileprivate static var namePaths: [(WritableKeyPath<CDAFields, String>, [[String]])] { [
        (\.patientName, [["recordTarget", "patientRole", "patient", "name"]]),
        (\.authorName, [["author", "assignedAuthor", "assignedPerson", "name"],
                        ["author", "assignedAuthor", "representedOrganization", "name"]]),
        (\.custodianName, [["custodian", "assignedCustodian", "representedCustodianOrganization", "name"]]),
    ] }
}

/// SAX delegate that tracks the element path and gathers the text of the elements ``CDAFields`` wants.
private final class Reader: NSObject, XMLParserDelegate {
    var fields = CDAFields()
    var problem: String?
    var sawRoot = false
    /// Where the parser first reported an error, while it was still positioned there.
    var errorPosition: (line: Int, column: Int)?
    private var path: [String] = []
    private var text = ""
    private var nameParts: [String] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if path.isEmpty {
            sawRoot = true
            if name != "ClinicalDocument" || namespaceURI != CDAFields.namespace {
                problem = "the root element is \(qualifiedName ?? name) in namespace \(namespaceURI ?? "none"), "
                    + "not ClinicalDocument in \(CDAFields.namespace)"
                parser.abortParsing()
                return
            }
        }
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if errorPosition == nil { errorPosition = (parser.lineNumber, parser.columnNumber) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let below = Array(path.dropFirst())
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if below == ["title"], fields.title.isEmpty {
            fields.title = trimmed
        } else if ["given", "family", "prefix", "suffix"].contains(name), let field = field(at: below.dropLast()) {
            if !trimmed.isEmpty, fields[keyPath: field].isEmpty { nameParts.append(trimmed) }
        } else if let field = field(at: below[...]) {
            if fields[keyPath: field].isEmpty {
                fields[keyPath: field] = nameParts.isEmpty ? trimmed : nameParts.joined(separator: " ")
            }
            nameParts = []
        }
        path.removeLast()
        text = ""
    }

    /// The field whose name element sits at `elementPath` (below the root), if any.
    private func field(at elementPath: ArraySlice<String>) -> WritableKeyPath<CDAFields, String>? {
        CDAFields.namePaths.first { _, paths in paths.contains { $0[...] == elementPath } }?.0
    }
}
