import Foundation
import HealthDatabase
import HealthKitModel

/// A `Record` element read so far: its attributes resolved, its `MetadataEntry` and beat children collected.
struct ElementDraft {
    /// The line of the `<Record` tag.
    var line: Int
    /// The `type` attribute.
    var type: ExportType
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

/// A `unit` attribute: its text and the unit, or the parse error.
struct ResolvedUnit {
    let text: String
    let unit: HKUnit?
    let error: String?

    static func resolve(_ text: String) -> ResolvedUnit {
        do { return ResolvedUnit(text: text, unit: try HKUnit.checked(from: text), error: nil) }
        catch { return ResolvedUnit(text: text, unit: nil, error: "\(error)") }
    }
}

/// Turns `Record` elements into quantity and category samples whose UUID is their content hash.
struct ExportElementConverter {
    var sources = ExportSources()
    var metadata = MetadataConverter()
    private var types = ByteMemo<ExportType>()
    private var units = ByteMemo<ResolvedUnit>()

    /// Reads a `<Record ...>` tag's attributes.
    mutating func draft(_ tag: RawTag) -> ElementDraft {
        let typeBytes = tag.raw("type")
        let type = typeBytes.map { types.value(for: $0) { ExportType.resolve(Bytes.decodedString($0)) } } ?? .other("")
        var draft = ElementDraft(
            line: tag.line, type: type,
            source: sources.source(name: tag.raw("sourceName") ?? UnsafeBufferPointer(start: nil, count: 0), version: tag.raw("sourceVersion")),
            device: sources.device(tag.raw("device")),
            unit: tag.raw("unit").map { units.value(for: $0) { ResolvedUnit.resolve(Bytes.decodedString($0)) } })
        if let value = tag.raw("value") {
            draft.number = ExportValues.number(value)
            if draft.number == nil || !isQuantity(type) { draft.value = Bytes.decodedString(value) }
        }
        draft.start = tag.raw("startDate").flatMap(ExportValues.date)
        draft.end = tag.raw("endDate").flatMap(ExportValues.date)
        if typeBytes == nil { draft.problem = ImportProblem(.missingAttribute, line: tag.line, "Record has no type") }
        else if draft.start == nil { draft.problem = dateProblem(tag, "startDate") }
        else if draft.end == nil { draft.problem = dateProblem(tag, "endDate") }
        return draft
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
        checked(draft).flatMap { checked in
            do { return .success(try checked.record()) }
            catch { return .failure(ImportProblem(.invalidObject, line: draft.line, "\(error)")) }
        }
    }

    /// The checked parts of a finished draft, with its content-hash UUID, or the problem that keeps it out.
    private mutating func checked(_ draft: ElementDraft) -> Result<CheckedRecord, ImportProblem> {
        if let problem = draft.problem { return .failure(problem) }
        guard let start = draft.start, let end = draft.end else { return .failure(ImportProblem(.badDate, line: draft.line, "no dates")) }
        guard end >= start else {
            return .failure(ImportProblem(.endBeforeStart, line: draft.line, "\(draft.type.identifier) ends before it starts"))
        }
        let metadata = self.metadata.metadata(draft.metadata)
        var hasher = IdentityHasher(kind: "Record")
        hasher.add(draft.type.identifier)
        hasher.add(draft.source.hash)
        hasher.add(draft.device.hash)
        hasher.add(start.timeIntervalSince1970)
        hasher.add(end.timeIntervalSince1970)
        MetadataConverter.addIdentity(of: metadata, to: &hasher)
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
                                      source: draft.source, device: draft.device, metadata: metadata))
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
