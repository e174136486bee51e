import Foundation
import HealthDatabase
import HealthKitModel
import OpenHealthKit
import HealthLocking

/// Collects converted units into big batches and saves each batch in one transaction on a writer thread,
/// while the reader goes on parsing. Skips what the store already holds (idempotent, incremental, and a
/// re-run after a crash finishes the job: every committed batch is complete), and stores a sample that is
/// both a top-level record and a correlation member once, as the member.
final class ImportWriter: ImportUnitSink, @unchecked Sendable {
    private let storage: any HealthStorage
    private let store: HKHealthStore
    private let batchSize: Int
    private let dryRun: Bool
    private let storeWasEmpty: Bool
    private var pending: [ImportUnit] = []
    private var pendingCount = 0
    private var pendingUUIDs = Set<UUIDKey>()
    private var deferred: DeferredUnits
    private var correlationMembers = Set<UUIDKey>()
    private var seen = SeenFilter()
    private let clinicalRecords = ClinicalImport()
    private let files: ExportFiles
    private let queue = DispatchQueue(label: "org.openhealthkit.import.writer")
    private let slots = DispatchSemaphore(value: 1)
    /// The first error the writing thread met, for the reading thread to throw.
    private let failure = Locked<(any Error)?>(nil)
    /// The running tally (read it after ``finish()``).
    private(set) var summary: ImportReport

    /// A writer into `storage`, saving `batchSize` records per transaction.
    /// With `dryRun` nothing is written (records are converted, deduplicated and counted as if stored).
    /// `deferredInMemory` top-level records of correlation types wait in memory for the end of the file, the rest
    /// in a temporary file.
    init(storage: any HealthStorage, files: ExportFiles, source: String, batchSize: Int = 10_000, dryRun: Bool = false,
         deferredInMemory: Int = 20_000) throws {
        self.deferred = DeferredUnits(memoryLimit: deferredInMemory)
        self.storage = storage
        self.dryRun = dryRun
        self.files = files
        self.store = HKHealthStore.owner(storage: storage)
        self.batchSize = batchSize
        self.storeWasEmpty = try storage.latestChangePosition() == 0
        self.summary = ImportReport(source: source)
    }

    deinit { deferred.discard() }

    func store(_ unit: ImportUnit) throws {
        if unit.mayBeCorrelationMember { return try deferred.append(unit) }
        for record in unit.records where record.kind == .correlation {
            for member in unit.records where member.parent == record.uuid { correlationMembers.insert(UUIDKey(member.uuid)) }
        }
        try enqueue(unit)
    }

    func report(_ problem: ImportProblem) { summary.problems.add(problem) }

    func clinical(_ node: ExportNode) {
        clinicalRecords.add(node, files: files) { summary.problems.add($0) }
    }

    func characteristics(_ attributes: [String: String], line: Int) {
        guard !dryRun else { return }
        CharacteristicsImport.apply(attributes, line: line, to: store, summary: &summary)
    }

    /// Saves everything left (the deferred top-level records first checked against correlation members) and
    /// waits for the writer thread. Throws the first storage error.
    func finish() throws {
        try deferred.drain { unit in
            if correlationMembers.contains(UUIDKey(unit.records[0].uuid)) {
                summary.correlationMembersMerged += 1
            } else {
                try enqueue(unit)
            }
        }
        try flush()
        queue.sync {}
        try rethrow()
        if !dryRun { clinicalRecords.finish(store: store, files: files, summary: &summary) }
    }

    private func enqueue(_ unit: ImportUnit) throws {
        guard pendingUUIDs.insert(UUIDKey(unit.records[0].uuid)).inserted else {
            summary.duplicatesInExport += 1
            return
        }
        pending.append(unit)
        pendingCount += unit.records.count + unit.extraWeight
        if pendingCount >= batchSize { try flush() }
    }

    private func flush() throws {
        try rethrow()
        guard !pending.isEmpty else { return }
        let units = pending
        pending = []
        pending.reserveCapacity(units.count)
        pendingCount = 0
        pendingUUIDs.removeAll(keepingCapacity: true)
        let existing = try existingUUIDs(in: units)
        var records: [SampleRecord] = []
        records.reserveCapacity(batchSize + 64)
        for unit in units {
            guard !existing.contains(UUIDKey(unit.records[0].uuid)) else {
                summary.alreadyStored += unit.records.filter { $0.type != WorkoutActivityRecords.recordType }.count
                continue
            }
            for record in unit.records where !existing.contains(UUIDKey(record.uuid)) {
                records.append(record)
                seen.insert(record.uuid)
                tally(record)
            }
        }
        guard !records.isEmpty, !dryRun else { return }
        slots.wait()
        queue.async { [store, records] in
            defer { self.slots.signal() }
            do { try store.writer.save(records, rules: .imported) } catch { self.fail(error) }
        }
    }

    /// The UUIDs of `units` the store already holds. A store empty when the import began can only hold what
    /// this import saved, so only UUIDs the Bloom filter may have seen are looked up.
    private func existingUUIDs(in units: [ImportUnit]) throws -> Set<UUIDKey> {
        var candidates: [UUID] = []
        var mayBeOurs = false
        for unit in units {
            for record in unit.records {
                let seenBefore = seen.mayContain(record.uuid)
                mayBeOurs = mayBeOurs || seenBefore
                if seenBefore || !storeWasEmpty { candidates.append(record.uuid) }
            }
        }
        guard !candidates.isEmpty else { return [] }
        // Only a UUID this import may already have sent needs the batch being saved to be committed first.
        if mayBeOurs { queue.sync {} }
        try rethrow()
        var existing = Set<UUIDKey>()
        var start = 0
        while start < candidates.count {
            let slice = Set(candidates[start..<min(start + 2000, candidates.count)])
            start += 2000
            // Counting is cheap: none present (new data) or all present (a re-import) needs no read.
            let present = try storage.count(matching: .uuids(slice))
            if present == 0 { continue }
            if present == slice.count {
                for uuid in slice { existing.insert(UUIDKey(uuid)) }
                continue
            }
            for record in try storage.records(matching: .uuids(slice), sort: [], limit: nil, includePayload: false) {
                existing.insert(UUIDKey(record.uuid))
            }
        }
        return existing
    }

    private func tally(_ record: SampleRecord) {
        guard record.type != WorkoutActivityRecords.recordType else { return }
        summary.stored += 1
        summary.storedByType[record.type, default: 0] += 1
        if record.kind != .other || record.type == HKActivitySummaryTypeIdentifier {
            summary.firstDate = min(summary.firstDate ?? record.startDate, record.startDate)
            summary.lastDate = max(summary.lastDate ?? record.endDate, record.endDate)
        }
    }

    private func fail(_ error: any Error) {
        failure.withLock { if $0 == nil { $0 = error } }
    }

    private func rethrow() throws {
        if let error = failure.current { throw error }
    }
}
