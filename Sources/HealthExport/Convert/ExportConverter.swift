import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit

/// Records that must be saved together (a correlation and its members, a workout and its parts).
struct ImportUnit {
    /// The records, parent first.
    var records: [SampleRecord]
    /// The line of the element.
    var line: Int
    /// Whether this is a top-level record of a type correlations hold (blood pressure, food): it waits until
    /// the correlations have been read, so a sample that is also a correlation member is stored once, as a member.
    var mayBeCorrelationMember = false
    /// What the unit counts for in a batch beyond its records: records with a large payload (an ECG's voltages) weigh
    /// more, so a batch's memory stays bounded.
    var extraWeight = 0
}

/// Where converted units and side information go.
protocol ImportUnitSink: AnyObject {
    /// Units to store.
    func store(_ unit: ImportUnit) throws
    /// A problem to report.
    func report(_ problem: ImportProblem)
    /// The `Me` element's characteristics, by attribute name, and the element's line (for problems).
    func characteristics(_ attributes: [String: String], line: Int)
    /// A `ClinicalRecord` element (ingested at the end).
    func clinical(_ node: ExportNode)
}

/// Converts what ``ExportDocumentReader`` finds into storage records (through OpenHealthKit's mapping, so
/// everything lands exactly as `HKHealthStore` would store the same HealthKit objects).
struct ExportConverter: ExportElementSink {
    let output: any ImportUnitSink
    /// The workouts' GPX files, read ahead.
    let routeFiles: RouteLookahead
    var records = ExportElementConverter()
    /// Elements read, by name (top-level records included), for the summary.
    var elementCounts: [String: Int] {
        var counts = otherElementCounts
        if recordsRead > 0 { counts["Record", default: 0] += recordsRead }
        return counts
    }
    /// Top-level records read (counted apart from the other elements: a dictionary update per record showed in profiles).
    private var recordsRead = 0
    /// Elements other than top-level records read, by name.
    private var otherElementCounts: [String: Int] = [:]
    /// The `ExportDate` element's date, once read (it comes first).
    private var exportDate: Date?

    init(output: any ImportUnitSink, routeFiles: RouteLookahead) {
        self.output = output
        self.routeFiles = routeFiles
    }

    mutating func record(_ draft: ElementDraft) throws {
        recordsRead += 1
        switch records.record(from: draft) {
        case .failure(let problem): output.report(problem)
        case .success(let record):
            var unit = ImportUnit(records: [record], line: draft.line)
            if !draft.beats.isEmpty {
                do { unit.records.append(try SeriesRecords.heartbeats(draft.beats, of: record)) }
                catch { output.report(ImportProblem(.invalidObject, line: draft.line, "\(error)")) }
            }
            unit.mayBeCorrelationMember = draft.mayBeCorrelationMember
            try output.store(unit)
        }
    }

    mutating func element(_ node: ExportNode) throws {
        otherElementCounts[node.name, default: 0] += 1
        switch node.name {
        case "ExportDate": exportDate = node.attributes["value"].flatMap(ExportValues.date)
        case "Me": output.characteristics(node.attributes, line: node.line)
        case "Correlation": try correlation(node)
        case "Workout": try workout(node)
        case "ActivitySummary": try store(ActivitySummaryConverter.record(node, exportDate: exportDate), line: node.line)
        case "ClinicalRecord": output.clinical(node)
        case "Audiogram", "VisionPrescription":
            try store(OtherSampleConverter.record(node, records: &records), line: node.line)
        default: output.report(ImportProblem(.unknownElement, line: node.line, node.name))
        }
    }

    mutating func problem(_ problem: ImportProblem) { output.report(problem) }

    private mutating func correlation(_ node: ExportNode) throws {
        guard let typeName = node.attributes["type"],
              let type = HKObjectType.type(forIdentifier: typeName) as? HKCorrelationType else {
            return output.report(ImportProblem(.unknownType, line: node.line, node.attributes["type"] ?? "Correlation without type"))
        }
        guard let start = node.attributes["startDate"].flatMap(ExportValues.date),
              let end = node.attributes["endDate"].flatMap(ExportValues.date), end >= start else {
            return output.report(ImportProblem(.badDate, line: node.line, "Correlation dates missing, not dates, or end before start"))
        }
        var members = Set<HKSample>()
        for draft in node.records {
            switch records.sample(from: draft) {
            case .success(let sample): members.insert(sample)
            case .failure(let problem): output.report(problem)
            }
        }
        let source = records.sources.source(name: node.attributes["sourceName"] ?? "", version: node.attributes["sourceVersion"])
        let device = node.attributes["device"].map { records.sources.device(text: $0) } ?? .noDevice
        let metadata = records.metadata.metadata(node.metadataEntries)
        var hasher = IdentityHasher(kind: "Correlation")
        hasher.add(typeName)
        hasher.add(source.hash)
        hasher.add(device.hash)
        hasher.add(start.timeIntervalSince1970)
        hasher.add(end.timeIntervalSince1970)
        MetadataConverter.addIdentity(of: metadata, to: &hasher)
        var memberSum: (UInt64, UInt64) = (0, 0)
        for member in members {
            let (a, b) = member.uuid.halves
            memberSum = (memberSum.0 &+ a, memberSum.1 &+ b)
        }
        hasher.add(memberSum)
        let correlation = HKCorrelation(type: type, start: start, end: end, objects: members, uuid: hasher.uuid(at: start),
                                        sourceRevision: source.revision, device: device.device, metadata: metadata)
        guard let parts = mapped(correlation, line: node.line) else { return }
        try output.store(ImportUnit(records: parts, line: node.line))
    }

    private mutating func workout(_ node: ExportNode) throws {
        let source = records.sources.source(name: node.attributes["sourceName"] ?? "", version: node.attributes["sourceVersion"])
        let device = node.attributes["device"].map { records.sources.device(text: $0) } ?? .noDevice
        var skipped: [ImportProblem] = []
        let result = WorkoutConverter.workout(node, source: source, device: device, metadata: &records.metadata, skipped: &skipped)
        for problem in skipped { output.report(problem) }
        switch result {
        case .failure(let problem): output.report(problem)
        case .success(let workout):
            guard let parts = mapped(workout, line: node.line) else { return }
            var unit = ImportUnit(records: parts, line: node.line)
            let routes = RouteReader.routes(in: node, routeFiles: routeFiles, workout: unit.records[0], sources: &records.sources)
            for problem in routes.problems { output.report(problem) }
            unit.records += routes.records
            try output.store(unit)
        }
    }

    private func store(_ result: Result<SampleRecord, ImportProblem>, line: Int) throws {
        switch result {
        case .success(let record): try output.store(ImportUnit(records: [record], line: line))
        case .failure(let problem): output.report(problem)
        }
    }

    /// The object's records, or nil after reporting why it cannot be stored.
    private func mapped(_ object: HKObject, line: Int) -> [SampleRecord]? {
        do { return try ObjectMapping.records(from: object) }
        catch {
            output.report(ImportProblem(.invalidObject, line: line, "\(error)"))
            return nil
        }
    }

    /// The types HealthKit's correlations hold: blood pressure and food (every dietary type).
    static let correlatableTypes: Set<String> = {
        var types: Set<String> = [HKQuantityTypeIdentifier.bloodPressureSystolic.rawValue, HKQuantityTypeIdentifier.bloodPressureDiastolic.rawValue]
        for type in HKObjectType.allTypes(ofKind: .quantity) where type.identifier.hasPrefix("HKQuantityTypeIdentifierDietary") {
            types.insert(type.identifier)
        }
        return types
    }()
}

extension UUID {
    /// The UUID's 128 bits as two numbers.
    var halves: (UInt64, UInt64) {
        withUnsafeBytes(of: uuid) { raw in
            (UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
             UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }
}
