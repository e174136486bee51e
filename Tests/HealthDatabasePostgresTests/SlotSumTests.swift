import Foundation
import HealthDatabase
import HealthDatabasePostgres
import HealthDatabaseSQLite
import Testing
import TestSupport

/// The statistics summaries (``SlotSumStorage``) on PostgreSQL give what the SQLite engine gives for the same writes:
/// slot sums, raw samples, deleted slots, quantity values and notes, through saves before and after the summaries were
/// prepared, user-entered samples, samples crossing slot edges, sync replacements, associations and deletions.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct SlotSumTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    static let sources = [SourceRecord(bundleIdentifier: "com.example.app", name: "Example"),
                          SourceRecord(bundleIdentifier: "com.apple.health.watch", name: "Watch", version: "10")]

    /// A reproducible mix of samples: `count` of them, spread by `seed` over eleven hours, five lengths (some crossing
    /// slot edges), values and sources, one in seven entered by the person.
    static func samples(_ count: Int, seed: Int, sync: Bool = false) -> [SampleRecord] {
        (0..<count).map { index in
            let n = index * 7_919 + seed * 104_729
            let start = 1_700_000_000 + Double(n % 40_000)
            let length = [0, 60, 600, 1_200, 3_600][n % 5]
            let value = Double(n % 499 + 1)
            let userEntered = n % 7 == 0
            return SampleRecord(uuid: UUID(), kind: .quantity, type: index % 3 == 0 ? energy : steps,
                                startDate: Date(timeIntervalSince1970: start), endDate: Date(timeIntervalSince1970: start + Double(length)),
                                quantity: value, unit: "count", originalQuantity: value, source: sources[index % 2],
                                fields: userEntered ? ["HKWasUserEntered": .number(1)] : [:],
                                syncIdentifier: sync ? "s\(index)" : nil, syncVersion: sync ? Int64(seed) : nil)
        }
    }

    /// Runs the same writes on `storage`.
    static func write(_ storage: any SlotSumStorage) throws {
        let early = samples(150, seed: 1, sync: true)
        _ = try storage.save(early)
        try storage.setFiguresNote(FiguresNote(position: 1, deletedMark: 0, data: Data([1])), type: steps)
        try storage.prepareSlotSums()
        let late = samples(150, seed: 2)
        _ = try storage.save(late)
        _ = try storage.save(samples(40, seed: 3, sync: true))   // replaces 40 of the early ones (higher sync version)
        _ = try storage.delete(uuids: late.prefix(30).map(\.uuid), source: nil)
        _ = try storage.delete(matching: .and([.types([energy]), .window(DateWindow(start: Date(timeIntervalSince1970: 1_700_010_000),
                                                                                      end: Date(timeIntervalSince1970: 1_700_020_000)))]))
        let workout = SampleRecord(uuid: UUID(), kind: .workout, type: "HKWorkoutTypeIdentifier", startDate: Date(timeIntervalSince1970: 1_700_000_000),
                                   endDate: Date(timeIntervalSince1970: 1_700_003_600), source: sources[0])
        let members = late.suffix(10).filter { $0.type == steps }.map(\.uuid)
        _ = try storage.save([workout], associating: SampleAssociation(parent: workout.uuid, members: members))
        try storage.setFiguresNote(FiguresNote(position: 9, deletedMark: 3, data: Data([4, 5, 6])), type: steps)
    }

    @Test("PostgreSQL's summaries equal SQLite's for the same writes")
    func sameAsSQLite() throws {
        let postgres = try TestServer.freshStorage()
        let sqlite = try SQLiteHealthStorage.inMemory()
        try Self.write(postgres)
        try Self.write(sqlite)
        for type in [Self.steps, Self.energy] {
            let expected = try sqlite.slotSums(type: type, slots: nil)
            #expect(!expected.isEmpty)
            #expect(try Self.sorted(postgres.slotSums(type: type, slots: nil)) == Self.sorted(expected), "slot sums of \(type)")
            #expect(try postgres.slotSums(type: type, slots: 1_888_900 ... 1_888_920).map(\.slot)
                    == sqlite.slotSums(type: type, slots: 1_888_900 ... 1_888_920).map(\.slot))
            let raw = try Set(sqlite.rawSamples(type: type).map(Self.described))
            #expect(raw.count > 10)
            #expect(try Set(postgres.rawSamples(type: type).map(Self.described)) == raw, "raw samples of \(type)")
            let values = try Self.described(sqlite.quantityValues(matching: .types([type]), type: type, starts: nil))
            #expect(try Self.described(postgres.quantityValues(matching: .types([type]), type: type, starts: nil)) == values)
            let window = 1_700_005_000.0 ..< 1_700_015_000.0
            #expect(try Self.described(postgres.quantityValues(matching: .all, type: type, starts: window))
                    == Self.described(sqlite.quantityValues(matching: .all, type: type, starts: window)))
        }
        let deleted = try sqlite.deletedSlots(after: 0)
        let found = try postgres.deletedSlots(after: 0)
        #expect(deleted.slots.count > 30)
        #expect(found.slots.map { "\($0.type) \($0.first) \($0.last)" } == deleted.slots.map { "\($0.type) \($0.first) \($0.last)" })
        #expect(try postgres.deletedSlots(after: found.mark).slots.isEmpty)
        #expect(try postgres.figuresNote(type: Self.steps) == FiguresNote(position: 9, deletedMark: 3, data: Data([4, 5, 6])))
        #expect(try postgres.figuresNote(type: Self.energy) == nil)
    }

    private static func sorted(_ sums: [SlotSum]) -> [String] {
        sums.map { "\($0.slot) \($0.source) \($0.total) \($0.count)" }.sorted()
    }

    /// Everything but the UUID (the engines got different random UUIDs for the same samples).
    private static func described(_ raw: RawSample) -> String { "\(raw.interval) \(raw.source) \(raw.userEntered)" }

    private static func described(_ values: [QuantityValue]) -> [String] {
        values.map { "\($0.start) \($0.end) \($0.quantity) \(String(describing: $0.original)) \($0.source) \($0.userEntered)" }.sorted()
    }
}
