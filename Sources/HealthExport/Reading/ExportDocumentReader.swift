import Foundation

/// An element other than `Record`, kept whole with its children (workouts, correlations, summaries, ...):
/// these are rare, so plain strings are fine.
struct ExportNode {
    /// The element name.
    var name: String
    /// Attributes, decoded.
    var attributes: [String: String]
    /// The line of the start tag.
    var line: Int
    /// Child elements other than records.
    var children: [ExportNode] = []
    /// Child `Record` elements (a correlation's members).
    var records: [ElementDraft] = []

    /// The `MetadataEntry` children as key/value pairs.
    var metadataEntries: [(key: String, value: String)] {
        children.filter { $0.name == "MetadataEntry" }.compactMap { entry in
            entry.attributes["key"].map { ($0, entry.attributes["value"] ?? "") }
        }
    }

    /// The children named `name`.
    func children(named name: String) -> [ExportNode] { children.filter { $0.name == name } }
}

/// Receives what the document reader finds.
protocol ExportElementSink {
    /// A `Record` at the top level.
    mutating func record(_ draft: ElementDraft) throws
    /// Any other top-level element, whole.
    mutating func element(_ node: ExportNode) throws
    /// Something unreadable.
    mutating func problem(_ problem: ImportProblem)
}

/// Walks export.xml's structure over the tokenizer: top-level `Record`s go out one by one through the fast
/// path (attributes resolved from bytes), other elements go out whole as ``ExportNode``s.
struct ExportDocumentReader<Sink: ExportElementSink>: XMLTokenSink {
    var sink: Sink
    var records: ExportElementConverter
    private var depth = 0
    private var draft: ElementDraft?
    private var draftDepth = 0
    private var nodes: [ExportNode] = []
    /// Whether the root element was `HealthData`.
    private(set) var sawRoot = false

    init(sink: Sink, records: ExportElementConverter = ExportElementConverter()) {
        self.sink = sink
        self.records = records
    }

    mutating func start(_ tag: RawTag) throws {
        depth += 1
        if depth == 1 {
            sawRoot = tag.nameIs("HealthData")
            if !sawRoot { sink.problem(ImportProblem(.malformedXML, line: tag.line, "the root element is <\(tag.nameString)>, not <HealthData>")) }
            return
        }
        if draft != nil {
            if tag.nameIs("MetadataEntry") {
                let key = tag.raw("key").map { records.repeatedText($0) } ?? ""
                draft?.metadata.append((key, tag.string("value") ?? ""))
            } else if tag.nameIs("InstantaneousBeatsPerMinute") {
                draft?.beats.append((tag.string("bpm") ?? "", tag.string("time") ?? ""))
            } else if !tag.nameIs("HeartRateVariabilityMetadataList") {
                // A child a newer export may add: the record is stored without it, and the loss is reported.
                sink.problem(ImportProblem(.unknownElement, line: tag.line, "\(tag.nameString) in Record"))
            }
            return
        }
        if tag.nameIs("Record"), nodes.isEmpty || nodes.last?.name == "Correlation" {
            draft = records.draft(tag)
            draftDepth = depth
            return
        }
        var attributes: [String: String] = [:]
        for (name, value) in tag.allAttributes() { attributes[name] = value }
        nodes.append(ExportNode(name: tag.nameString, attributes: attributes, line: tag.line))
    }

    mutating func end(_ name: UnsafeBufferPointer<UInt8>, line: Int) throws {
        defer { depth -= 1 }
        guard depth > 1 else { return }
        if draft != nil, depth == draftDepth, let finished = draft.take() {
            if nodes.isEmpty { try sink.record(finished) } else { nodes[nodes.count - 1].records.append(finished) }
            return
        }
        guard draft == nil, !nodes.isEmpty, depth == nodes.count + 1 else { return }
        let node = nodes.removeLast()
        if nodes.isEmpty { try sink.element(node) } else { nodes[nodes.count - 1].children.append(node) }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {}

    mutating func malformed(_ message: String, line: Int) {
        sink.problem(ImportProblem(.malformedXML, line: line, message))
    }
}
