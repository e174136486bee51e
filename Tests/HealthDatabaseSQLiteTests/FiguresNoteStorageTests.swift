import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import Testing

/// Summary notes on SQLite: kept per type, replaced, absent before the summaries exist.
struct FiguresNoteStorageTests {
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let source = SourceRecord(bundleIdentifier: "com.example.app", name: "Example")

    static func sample(_ type: String) -> SampleRecord {
        SampleRecord(uuid: UUID(), kind: .quantity, type: type, startDate: Date(timeIntervalSince1970: 0),
                     endDate: Date(timeIntervalSince1970: 60), quantity: 5, unit: "count", originalQuantity: 5, source: source)
    }

    @Test func notesAreKeptPerTypeAndReplaced() throws {
        let storage = try SQLiteHealthStorage.inMemory()
        _ = try storage.save([Self.sample(Self.steps), Self.sample("HKQuantityTypeIdentifierFlightsClimbed")])
        let note = FiguresNote(position: 2, deletedMark: 0, data: Data([1, 2, 3]))
        try storage.setFiguresNote(note, type: Self.steps)
        #expect(try storage.figuresNote(type: Self.steps) == nil, "no note before the summaries exist")

        try storage.prepareSlotSums()
        try storage.setFiguresNote(note, type: Self.steps)
        #expect(try storage.figuresNote(type: Self.steps) == note)
        #expect(try storage.figuresNote(type: "HKQuantityTypeIdentifierFlightsClimbed") == nil)
        #expect(try storage.figuresNote(type: "HKQuantityTypeIdentifierNeverSaved") == nil)
        let newer = FiguresNote(position: 9, deletedMark: 4, data: Data(repeating: 7, count: 100_000))
        try storage.setFiguresNote(newer, type: Self.steps)
        #expect(try storage.figuresNote(type: Self.steps) == newer)
    }
}
