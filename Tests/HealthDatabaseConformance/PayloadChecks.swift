import Foundation
import HealthDatabase
import Testing

/// Reads that leave payloads out (`includePayload: false`).
enum PayloadChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("payload", "reads without payload give nil payloads and every other part unchanged", withoutPayload),
    ]

    static func withoutPayload(_ storage: any HealthStorage) throws {
        let document = SampleRecord(uuid: UUID(), kind: .document, type: "HKDocumentTypeIdentifierCDA", startDate: F.date(0),
                                    endDate: F.date(10), source: F.app, fields: ["@cda.title": .text("Summary")],
                                    payload: Data("<ClinicalDocument/>".utf8))
        let plain = F.quantity(3, 5)
        let members = F.correlation(at: 20)
        _ = try storage.save([document, plain] + members)
        let sort = [SampleSort(.startDate)]
        let full = try storage.records(matching: .all, sort: sort, limit: nil)
        let bare = try storage.records(matching: .all, sort: sort, limit: nil, includePayload: false)
        #expect(full.first { $0.uuid == document.uuid }?.payload == document.payload, "the default read keeps payloads")
        #expect(bare.allSatisfy { $0.payload == nil })
        var expected = full
        for index in expected.indices { expected[index].payload = nil }
        #expect(bare == expected, "same records, order, fields and parents")
        let limited = try storage.records(matching: .types([document.type]), sort: sort, limit: 1, includePayload: false)
        #expect(limited.map(\.uuid) == [document.uuid])
        #expect(limited.first?.fields == document.fields)
    }
}
