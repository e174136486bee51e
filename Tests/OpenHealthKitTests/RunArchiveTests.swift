import Foundation
@testable import OpenHealthKit
import Testing

/// The binary form of computed runs kept in summary notes.
@Suite struct RunArchiveTests {
    static let sample = RunArchive.Contents(
        names: ["org.example.phone", "org.example.wätch", ""],
        lists: [[1, 0], [0]],
        entries: [
            RunArchive.Entry(start: -5, end: -3, merged: 12.5, list: 0,
                             bySource: [RunArchive.Pair(name: 0, sum: 7.25), RunArchive.Pair(name: 1, sum: -0.0)]),
            RunArchive.Entry(start: 1_900_000, end: 1_900_001, merged: .greatestFiniteMagnitude, list: 1, bySource: []),
        ])

    @Test func roundTripsExactly() {
        #expect(RunArchive.decode(RunArchive.encode(Self.sample)) == Self.sample)
        let empty = RunArchive.Contents(names: [], lists: [], entries: [])
        #expect(RunArchive.decode(RunArchive.encode(empty)) == empty)
    }

    @Test func refusesEveryTruncationAndBadIndices() {
        let data = RunArchive.encode(Self.sample)
        for length in 0..<data.count { #expect(RunArchive.decode(data.prefix(length)) == nil, "\(length) bytes") }
        #expect(RunArchive.decode(data + [0]) == nil, "trailing byte")
        var badList = Self.sample
        badList.entries[0].list = 2
        #expect(RunArchive.decode(RunArchive.encode(badList)) == nil)
        var badName = Self.sample
        badName.lists[0] = [3]
        #expect(RunArchive.decode(RunArchive.encode(badName)) == nil)
        var badSpan = Self.sample
        badSpan.entries[1].end = badSpan.entries[1].start
        #expect(RunArchive.decode(RunArchive.encode(badSpan)) == nil)
        var wrongMagic = data
        wrongMagic[0] = 0
        #expect(RunArchive.decode(wrongMagic) == nil)
    }
}
