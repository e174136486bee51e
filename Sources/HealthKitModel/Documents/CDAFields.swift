package import Foundation

/// Reads the fields HealthKit indexes from an HL7 CDA document (title, patient, author, custodian) and the header's
/// `effectiveTime`.
///
/// The document must be well-formed XML (UTF-8, UTF-16 with a byte-order mark, or ISO-8859-1 as its declaration
/// says) whose root is `ClinicalDocument` in the `urn:hl7-org:v3` namespace, with or without a prefix. It is read by
/// ``XMLScanner``: never an entity expanded or a DTD fetched, time linear in its size, at most
/// ``maximumDocumentBytes``. Missing optional parts read as empty strings, as HealthKit's `HKCDADocument` has no optionals.
package struct CDAFields: Equatable, Sendable {
    /// The document's `title`.
    package var title = ""
    /// The patient's name (`recordTarget/patientRole/patient/name`).
    package var patientName = ""
    /// The first author's person name; else its authoring device (model, else software); else its organisation.
    package var authorName = ""
    /// The custodian organisation's name.
    package var custodianName = ""
    /// The header's `effectiveTime/@value`, as written (`20240102093000-0500`); empty when absent.
    package var effectiveTime = ""

    /// The CDA namespace.
    package static let namespace = "urn:hl7-org:v3"
    /// The largest document accepted, in bytes (64 MiB).
    package static let maximumDocumentBytes = 64 << 20

    /// Parses `data`, or throws `HKError(.errorInvalidArgument)` whose ``HKDetailedCDAValidationErrorKey`` says what is
    /// wrong and where (`line 3, column 9: <title> (line 3) is closed by </titl>`).
    package static func read(_ data: Data) throws(HKError) -> CDAFields {
        guard data.count <= maximumDocumentBytes else {
            throw invalid("the document is \(data.count) bytes; at most \(maximumDocumentBytes) are accepted")
        }
        do {
            var reader = CDAFieldReader(XMLScanner(utf8: try XMLEncoding.utf8(data).bytes))
            return try reader.read()
        } catch let error where error.message.hasPrefix(notCDA) {
            throw invalid(error.message)
        } catch {
            throw invalid("\(error)")
        }
    }

    fileprivate static let notCDA = "the root element is "

    private static func invalid(_ detail: String) -> HKError {
        HKError(.errorInvalidArgument, userInfo: [
            NSLocalizedDescriptionKey: "Invalid CDA document: \(detail)",
            HKDetailedCDAValidationErrorKey: detail,
        ])
    }
}

/// The parts of the document ``CDAFieldReader`` looks for, by element path below the root.
private enum CDATarget: CaseIterable {
    case title, patient, authorPerson, authorDeviceModel, authorDeviceSoftware, authorOrganization, custodian

    var path: [String] {
        switch self {
        case .title: ["title"]
        case .patient: ["recordTarget", "patientRole", "patient", "name"]
        case .authorPerson: ["author", "assignedAuthor", "assignedPerson", "name"]
        case .authorDeviceModel: ["author", "assignedAuthor", "assignedAuthoringDevice", "manufacturerModelName"]
        case .authorDeviceSoftware: ["author", "assignedAuthor", "assignedAuthoringDevice", "softwareName"]
        case .authorOrganization: ["author", "assignedAuthor", "representedOrganization", "name"]
        case .custodian: ["custodian", "assignedCustodian", "representedCustodianOrganization", "name"]
        }
    }

    /// Whether the element is a person name (`PN`: prefix, given, family, suffix parts).
    var isPersonName: Bool { self == .patient || self == .authorPerson }

    static let longestPath = allCases.map(\.path.count).max() ?? 0
}

/// Walks the events of one document and gathers the text of the elements ``CDATarget`` names: the first non-empty
/// one of each. Only the path of open elements is kept, and it is compared only while it is short, so time stays linear.
private struct CDAFieldReader {
    var scanner: XMLScanner
    var namespaces = XMLNamespaces()
    /// The local names of the open elements (below and including the root); elements outside the CDA namespace
    /// are kept as "" so they match nothing.
    var path: [String] = []
    var found: [CDATarget: String] = [:]
    var effectiveTime: String?
    var collecting: Collector?

    init(_ scanner: XMLScanner) { self.scanner = scanner }

    mutating func read() throws(XMLSyntaxError) -> CDAFields {
        while let event = try scanner.next() {
            switch event {
            case .start(let name, let attributes): try start(name, attributes)
            case .end: end()
            case .text(let text): collecting?.add(text)
            }
        }
        var fields = CDAFields()
        fields.title = found[.title] ?? ""
        fields.patientName = found[.patient] ?? ""
        fields.authorName = found[.authorPerson] ?? found[.authorDeviceModel] ?? found[.authorDeviceSoftware]
            ?? found[.authorOrganization] ?? ""
        fields.custodianName = found[.custodian] ?? ""
        fields.effectiveTime = effectiveTime ?? ""
        return fields
    }

    private mutating func start(_ name: String, _ attributes: [XMLAttribute]) throws(XMLSyntaxError) {
        let scanner = self.scanner
        let (namespace, local) = try namespaces.enter(name, attributes: attributes, problem: scanner.problem)
        if path.isEmpty, local != "ClinicalDocument" || namespace != CDAFields.namespace {
            throw scanner.problem(CDAFields.notCDA + "\(name) in namespace \(namespace ?? "none"), not ClinicalDocument in \(CDAFields.namespace)")
        }
        path.append(namespace == CDAFields.namespace ? local : "")
        if collecting != nil {
            collecting?.enterChild(path.last ?? "", depth: path.count)
            return
        }
        let below = path.count - 1
        guard below >= 1, below <= CDATarget.longestPath else { return }
        if below == 1, path[1] == "effectiveTime", effectiveTime == nil {
            effectiveTime = attributes.first { $0.name == "value" }?.value
        }
        if let target = CDATarget.allCases.first(where: { found[$0] == nil && $0.path[...] == path[1...] }) {
            collecting = Collector(target: target, depth: path.count)
        }
    }

    private mutating func end() {
        namespaces.leave()
        if var collector = collecting {
            if collector.depth == path.count {
                let text = collector.finish()
                if !text.isEmpty { found[collector.target] = text }
                collecting = nil
            } else {
                collecting?.leaveChild(depth: path.count)
            }
        }
        path.removeLast()
    }
}

/// The text of one wanted element. A person name is put in display order: prefixes, given names (and untyped text),
/// family names, suffixes, each group in document order; any other element reads as its text. White space runs
/// become one space.
private struct Collector {
    let target: CDATarget
    let depth: Int
    /// The name-part groups: prefix, given (and untyped text), family, suffix.
    private var groups: [[String]] = [[], [], [], []]
    private var group = 1
    private var text = ""

    init(target: CDATarget, depth: Int) {
        self.target = target
        self.depth = depth
    }

    mutating func add(_ piece: String) { text += piece }

    mutating func enterChild(_ name: String, depth childDepth: Int) {
        guard target.isPersonName else {
            text += " "
            return
        }
        guard childDepth == depth + 1 else { return }
        flush()
        switch name {
        case "prefix": group = 0
        case "family": group = 2
        case "suffix": group = 3
        case "delimiter": group = -1
        default: group = 1
        }
    }

    mutating func leaveChild(depth childDepth: Int) {
        guard target.isPersonName else {
            text += " "
            return
        }
        guard childDepth == depth + 1 else { return }
        flush()
        group = 1
    }

    /// Ends the current part.
    private mutating func flush() {
        let part = Self.collapsed(text)
        if !part.isEmpty, group >= 0 { groups[group].append(part) }
        text = ""
    }

    mutating func finish() -> String {
        flush()
        return groups.joined().joined(separator: " ")
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
