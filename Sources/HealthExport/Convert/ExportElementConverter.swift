import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// A `Record` element read so far: its attributes resolved, its `MetadataEntry` and beat children collected.
struct ElementDraft {
    /// The line of the `<Record` tag.
    var line: Int
    /// The `type` attribute.
    var type: ExportType
    /// Whether the type is one correlations hold (blood pressure, food): a top-level record of it may be a member too.
    var mayBeCorrelationMember = false
    /// `sourceName` and `sourceVersion`.
    var source: ResolvedSource
    /// The `device` attribute.
    var device: ResolvedDevice
    /// The `unit` attribute.
    var unit: ResolvedUnit?
    /// The `value` attribute.
    var value: String?
    /// The `value` attribute as a number, when it is one.
    var number: Double?
    /// `startDate` and `endDate`.
    var start: Date?, end: Date?
    /// `MetadataEntry` children.
    var metadata: [(key: String, value: String)] = []
    /// `InstantaneousBeatsPerMinute` children (HRV beat lists): `bpm` and `time`, as written.
    var beats: [(bpm: String, time: String)] = []
    /// The first attribute problem found, if any.
    var problem: ImportProblem?
}

/// What a `type` attribute names.
enum ExportType {
    case quantity(HKQuantityType)
    case category(HKCategoryType)
    case other(String)

    /// Whether this is a type correlations hold (blood pressure, food), so a top-level record of it may be a member too.
    var mayBeCorrelationMember: Bool {
        switch self {
        case .quantity(let type): ExportConverter.correlatableTypes.contains(type.identifier)
        case .category, .other: false
        }
    }

    /// The raw identifier.
    var identifier: String {
        switch self {
        case .quantity(let type): type.identifier
        case .category(let type): type.identifier
        case .other(let name): name
        }
    }

    /// Resolves a type identifier.
    static func resolve(_ identifier: String) -> ExportType {
        switch HKObjectType.type(forIdentifier: identifier) {
        case let quantity as HKQuantityType: .quantity(quantity)
        case let category as HKCategoryType: .category(category)
        default: .other(identifier)
        }
    }
}

/// A `unit` attribute: its text and the unit, or the parse error. A class, made once per distinct unit text.
final class ResolvedUnit {
    let text: String
    let unit: HKUnit?
    let error: String?

    private init(text: String, unit: HKUnit?, error: String?) {
        self.text = text
        self.unit = unit
        self.error = error
    }

    static func resolve(_ text: String) -> ResolvedUnit {
        do { return ResolvedUnit(text: text, unit: try HKUnit.checked(from: text), error: nil) }
        catch { return ResolvedUnit(text: text, unit: nil, error: "\(error)") }
    }
}

/// Turns `Record` elements into quantity and category samples whose UUID is their content hash.
struct ExportElementConverter {
    var sources = ExportSources()
    var metadata = MetadataConverter()
    private var types = ByteMemo<(type: ExportType, mayBeCorrelationMember: Bool)>()
    private var units = ByteMemo<ResolvedUnit>()
    /// Texts that repeat from record to record (metadata keys, category values), decoded once.
    private var texts = ByteMemo<String>()
    /// Converted metadata, remembered by the text of its entries.
    private var convertedMetadata = MetadataMemo()

    /// The decoded text of attribute bytes that repeat from record to record (a metadata key, a category value's
    /// name): made once per distinct bytes, so a repeat allocates nothing.
    mutating func repeatedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        texts.value(for: bytes, make: Bytes.decodedString)
    }

    /// Reads a `<Record ...>` tag's attributes.
    mutating func draft(_ tag: RawTag) -> ElementDraft {
        let attributes = RecordAttributes(tag)
        let typeBytes = attributes.type
        let resolved = typeBytes.map { bytes in
            types.value(for: bytes) { _ in
                let type = ExportType.resolve(Bytes.decodedString(bytes))
                return (type, type.mayBeCorrelationMember)
            }
        } ?? (.other(""), false)
        let type = resolved.type
        let source = sources.source(name: attributes.sourceName ?? UnsafeBufferPointer(start: nil, count: 0), version: attributes.sourceVersion)
        let device = sources.device(attributes.device)
        let unit = attributes.unit.map { units.value(for: $0) { ResolvedUnit.resolve(Bytes.decodedString($0)) } }
        var number: Double?, text: String?
        if let value = attributes.value {
            number = ExportValues.number(value)
            if number == nil || !isQuantity(type) { text = repeatedText(value) }
        }
        let start = attributes.startDate.flatMap(ExportValues.date)
        let end = attributes.endDate.flatMap(ExportValues.date)
        var problem: ImportProblem?
        if typeBytes == nil { problem = ImportProblem(.missingAttribute, line: tag.line, "Record has no type") }
        else if start == nil { problem = dateProblem(tag, "startDate") }
        else if end == nil { problem = dateProblem(tag, "endDate") }
        // Made in one piece: filled in field by field, the draft was copied once more on its way out.
        return ElementDraft(line: tag.line, type: type, mayBeCorrelationMember: resolved.mayBeCorrelationMember, source: source,
                            device: device, unit: unit, value: text, number: number, start: start, end: end, problem: problem)
    }

    /// The sample a finished draft describes, or the problem that keeps it out (for correlation members, which
    /// the correlation holds as objects).
    mutating func sample(from draft: ElementDraft) -> Result<HKSample, ImportProblem> {
        checked(draft).map(\.sample)
    }

    /// The storage record a finished draft describes, made without the HealthKit object in between (through
    /// OpenHealthKit's record-level mapping, so it is the record the object would map to), or the problem that
    /// keeps it out.
    mutating func record(from draft: ElementDraft) -> Result<SampleRecord, ImportProblem> {
        let checked: CheckedRecord
        switch self.checked(draft) {
        case .success(let value): checked = value
        case .failure(let problem): return .failure(problem)
        }
        do { return .success(try checked.record()) }
        catch { return .failure(ImportProblem(.invalidObject, line: draft.line, "\(error)")) }
    }

    /// The checked parts of a finished draft, with its content-hash UUID, or the problem that keeps it out.
    private mutating func checked(_ draft: ElementDraft) -> Result<CheckedRecord, ImportProblem> {
        if let problem = draft.problem { return .failure(problem) }
        guard let start = draft.start, let end = draft.end else { return .failure(ImportProblem(.badDate, line: draft.line, "no dates")) }
        guard end >= start else {
            return .failure(ImportProblem(.endBeforeStart, line: draft.line, "\(draft.type.identifier) ends before it starts"))
        }
        let typed = convertedMetadata.converted(draft.metadata, by: &self.metadata)
        let metadata = typed.metadata, metadataIdentity = typed.identity
        var hasher = IdentityHasher(kind: "Record")
        hasher.add(draft.type.identifier)
        hasher.add(draft.source.hash)
        hasher.add(draft.device.hash)
        hasher.add(start.timeIntervalSince1970)
        hasher.add(end.timeIntervalSince1970)
        if let metadataIdentity { hasher.add(metadataIdentity) }
        let value: CheckedRecord.Value
        switch draft.type {
        case .quantity(let type):
            guard let resolved = draft.unit else {
                return .failure(ImportProblem(.badUnit, line: draft.line, "\(type.identifier) has no unit"))
            }
            guard let unit = resolved.unit else {
                return .failure(ImportProblem(.badUnit, line: draft.line, "unit \"\(resolved.text)\": \(resolved.error ?? "invalid")"))
            }
            guard type.is(compatibleWith: unit) else {
                return .failure(ImportProblem(.badUnit, line: draft.line, "unit \(resolved.text) does not fit \(type.identifier)"))
            }
            guard let number = draft.number else {
                return .failure(ImportProblem(.badValue, line: draft.line, "\(type.identifier) value \"\(draft.value ?? "")\" is not a number"))
            }
            hasher.add(resolved.text)
            hasher.add(number)
            value = .quantity(type, HKQuantity(unit: unit, doubleValue: number))
        case .category(let type):
            guard let number = categoryValue(draft, type) else {
                let detail = draft.value.map { "value \"\($0)\" is not one of its values" } ?? "has no value"
                return .failure(ImportProblem(.badValue, line: draft.line, "\(type.identifier) \(detail)"))
            }
            hasher.add(number)
            value = .category(type, number)
        case .other(let name):
            return .failure(ImportProblem(.unknownType, line: draft.line, name))
        }
        return .success(CheckedRecord(value: value, uuid: hasher.uuid(at: start), start: start, end: end,
                                      source: draft.source, device: draft.device, metadata: metadata, columns: typed.columns))
    }

    private func categoryValue(_ draft: ElementDraft, _ type: HKCategoryType) -> Int? {
        let allowed = type.valueDomain.allowedValues
        if let number = draft.number, number.rounded() == number, abs(number) < 1e9 {
            let value = Int(number)
            return allowed.isEmpty || allowed.contains(value) ? value : nil
        }
        // No value: HKCategoryValueNotApplicable for the types whose only value it is; for a type with values to
        // choose from (sleep, stand hours, ...) a missing value is not guessed.
        guard let text = draft.value else { return allowed.isEmpty || allowed == [0] ? 0 : nil }
        return type.valueDomain.value(forExportName: text) ?? CategoryValueDomain.notApplicable.value(forExportName: text)
    }

    private func isQuantity(_ type: ExportType) -> Bool {
        if case .quantity = type { return true }
        return false
    }

    private func dateProblem(_ tag: RawTag, _ name: StaticString) -> ImportProblem {
        let text = tag.string(name).map { "\"\($0)\"" } ?? "missing"
        return ImportProblem(.badDate, line: tag.line, "\(name) \(text) is not a date like 2019-03-02 10:51:22 -0800")
    }
}
