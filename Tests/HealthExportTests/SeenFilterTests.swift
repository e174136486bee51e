import Foundation
@testable import HealthExport
import Testing

/// The import's Bloom filter of stored UUIDs: never forgets one (a miss would store a record twice), and rarely claims
/// one it never saw (each claim costs a lookup in the store).
struct SeenFilterTests {
    @Test func remembersEveryUUIDAndRarelyClaimsOthers() {
        var filter = SeenFilter()
        let stored = (0..<200_000).map { _ in UUID() }
        for uuid in stored { filter.insert(uuid) }
        #expect(stored.allSatisfy(filter.mayContain))
        let claimed = (0..<200_000).filter { _ in filter.mayContain(UUID()) }.count
        #expect(claimed < 200, "false positives: \(claimed) of 200,000")
    }

    @Test func timeOrderedUUIDsOfOneMillisecondSpreadOverTheFilter() {
        // Version 7 UUIDs share their first 48 bits within a millisecond: the filter must not pile them into one line.
        var filter = SeenFilter(log2Bits: 20)
        var bytes = UUID().uuid
        let stored = (0..<20_000).map { _ -> UUID in
            var random = UUID().uuid
            random.0 = bytes.0; random.1 = bytes.1; random.2 = bytes.2; random.3 = bytes.3; random.4 = bytes.4; random.5 = bytes.5
            bytes = random
            return UUID(uuid: random)
        }
        for uuid in stored { filter.insert(uuid) }
        #expect(stored.allSatisfy(filter.mayContain))
        let claimed = (0..<20_000).filter { _ in filter.mayContain(UUID()) }.count
        #expect(claimed < 400, "false positives: \(claimed) of 20,000")
    }
}
