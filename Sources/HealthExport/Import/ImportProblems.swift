import Foundation

/// One thing in an export that could not be imported as it stands.
public struct ImportProblem: Sendable, Hashable, Error {
    /// What kind of problem: problems are reported grouped by kind.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A `type` HealthKit (or this version of OpenHealthKit) does not know, e.g. from a newer iOS.
        case unknownType = "unknown type"
        /// A unit that does not parse or does not fit the type.
        case badUnit = "invalid unit"
        /// A value that is not a number (quantity) or not one of the type's values (category).
        case badValue = "invalid value"
        /// A date that is not `yyyy-MM-dd HH:mm:ss ±hhmm`.
        case badDate = "invalid date"
        /// A sample that ends before it starts.
        case endBeforeStart = "ends before it starts"
        /// A required attribute is missing.
        case missingAttribute = "missing attribute"
        /// XML that is not well-formed (the tokenizer skipped the piece).
        case malformedXML = "malformed XML"
        /// A file beside export.xml (an ECG's CSV) whose layout cannot be read.
        case malformedFile = "malformed file"
        /// An element this importer does not read.
        case unknownElement = "unknown element"
        /// A file the export refers to (route, clinical record) that is missing or unreadable.
        case missingFile = "missing or unreadable file"
        /// A file beside export.xml (an ECG's CSV, a route's GPX) larger than its reader's limit; it is not read.
        case fileTooLarge = "file too large"
        /// An object HealthKit's rules refuse (e.g. invalid workout events).
        case invalidObject = "invalid object"
    }

    /// The kind.
    public let kind: Kind
    /// The line in export.xml (or the named file) where the element starts; 0 when not known.
    public let line: Int
    /// What exactly, e.g. the unknown type's name.
    public let detail: String
    /// The file, when not export.xml.
    public let file: String?

    /// Creates a problem.
    public init(_ kind: Kind, line: Int, _ detail: String, file: String? = nil) {
        self.kind = kind
        self.line = line
        self.detail = detail
        self.file = file
    }
}

/// Problems grouped by kind with counts, the first lines and the most common details; bounded in memory.
public struct ImportProblemReport: Sendable, Codable, Hashable {
    /// One kind's tally.
    public struct Group: Sendable, Codable, Hashable {
        /// The kind's name.
        public var kind: String
        /// How many problems of this kind.
        public var count: Int
        /// The first lines where it happened (at most 20).
        public var lines: [Int]
        /// Details with their counts (at most 20 distinct), e.g. unknown type names.
        public var details: [String: Int]
    }

    /// Groups, in the order kinds were first seen.
    public private(set) var groups: [Group] = []

    /// Creates an empty report.
    public init() {}

    /// Adds one problem.
    public mutating func add(_ problem: ImportProblem) {
        let name = problem.kind.rawValue
        let index = groups.firstIndex { $0.kind == name } ?? {
            groups.append(Group(kind: name, count: 0, lines: [], details: [:]))
            return groups.count - 1
        }()
        groups[index].count += 1
        if groups[index].lines.count < 20, problem.line > 0 { groups[index].lines.append(problem.line) }
        let detail = problem.file.map { "\($0): \(problem.detail)" } ?? problem.detail
        if groups[index].details[detail] != nil || groups[index].details.count < 20 {
            groups[index].details[detail, default: 0] += 1
        }
    }

    /// The number of problems of every kind.
    public var total: Int { groups.reduce(0) { $0 + $1.count } }

    /// The count for one kind.
    public func count(_ kind: ImportProblem.Kind) -> Int { groups.first { $0.kind == kind.rawValue }?.count ?? 0 }

    /// Readable lines: one per kind, then its details.
    public var lines: [String] {
        groups.flatMap { group -> [String] in
            let where_ = group.lines.isEmpty ? "" : " (lines \(group.lines.map(String.init).joined(separator: ", "))\(group.count > group.lines.count ? ", ..." : ""))"
            let head = "\(group.count) × \(group.kind)\(where_)"
            let details = group.details.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "    \($0.value) × \($0.key)" }
            return [head] + details
        }
    }
}
