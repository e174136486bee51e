import Foundation
import Testing
@testable import HealthExport

/// The import's content-hash UUIDs: a pure function of the content, ordered by the object's start.
@Suite("content-hash UUIDs")
struct IdentityTests {
    private func uuid(_ value: Double, at date: Date) -> UUID {
        var hasher = IdentityHasher(kind: "Record")
        hasher.add("HKQuantityTypeIdentifierStepCount")
        hasher.add(date.timeIntervalSince1970)
        hasher.add(value)
        return hasher.uuid(at: date)
    }

    private func bytes(_ uuid: UUID) -> [UInt8] { withUnsafeBytes(of: uuid.uuid) { Array($0) } }

    @Test func sameContentSameUUIDOtherContentOther() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(uuid(10, at: date) == uuid(10, at: date))
        #expect(uuid(10, at: date) != uuid(11, at: date))
    }

    /// Re-importing an export with a later OpenHealthKit must find the records it stored before: the UUID of a
    /// given content never changes between versions.
    @Test func theUUIDOfAGivenContentIsStableAcrossVersions() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(uuid(10, at: date) == UUID(uuidString: "018BCFE5-68FA-8F6E-9296-51B1170E8F6C"))
    }

    @Test func versionVariantAndStartMillisecondsLeadTheUUID() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let bytes = bytes(uuid(10, at: date))
        #expect(bytes[6] >> 4 == 8)
        #expect(bytes[8] >> 6 == 0b10)
        #expect(bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } == 1_700_000_000_250)
    }

    @Test func laterStartsSortAfterEarlierOnesWhateverTheContent() {
        let start = Date(timeIntervalSince1970: 1_500_000_000)
        let uuids = (0..<500).map { uuid(Double(499 - $0), at: start.addingTimeInterval(Double($0) * 60)) }
        for index in 1..<uuids.count {
            #expect(bytes(uuids[index - 1]).lexicographicallyPrecedes(bytes(uuids[index])))
        }
        let before1970 = bytes(uuid(1, at: Date(timeIntervalSince1970: -86_400)))
        #expect(before1970[0..<6].allSatisfy { $0 == 0 })
    }
}
