import Foundation
@testable import OpenHealthKit
import Testing

/// The binary form of computed runs kept in summary notes.
@Suite struct StretchArchiveTests {
    static let sample = StretchArchive.Contents(
        names: ["org.example.phone", "org.example.wätch", ""],
        lists: [[1, 0], [0]],
        entries: [
            StretchArchive.Entry(start: -5, end: -3, merged: 12.5, list: 0,
                             bySource: [StretchArchive.Pair(name: 0, sum: 7.25), StretchArchive.Pair(name: 1, sum: -0.0)]),
            StretchArchive.Entry(start: 1_900_000, end: 1_900_001, merged: .greatestFiniteMagnitude, list: 1, bySource: []),
        ])

    @Test func roundTripsExactly() {
        #expect(StretchArchive.decode(StretchArchive.encode(Self.sample)) == Self.sample)
        let empty = StretchArchive.Contents(names: [], lists: [], entries: [])
        #expect(StretchArchive.decode(StretchArchive.encode(empty)) == empty)
    }

    @Test func refusesEveryTruncationAndBadIndices() {
        let data = StretchArchive.encode(Self.sample)
        for length in 0..<data.count { #expect(StretchArchive.decode(data.prefix(length)) == nil, "\(length) bytes") }
        #expect(StretchArchive.decode(data + [0]) == nil, "trailing byte")
        var badList = Self.sample
        badList.entries[0].list = 2
        #expect(StretchArchive.decode(StretchArchive.encode(badList)) == nil)
        var badName = Self.sample
        badName.lists[0] = [3]
        #expect(StretchArchive.decode(StretchArchive.encode(badName)) == nil)
        var badSpan = Self.sample
        badSpan.entries[1].end = badSpan.entries[1].start
        #expect(StretchArchive.decode(StretchArchive.encode(badSpan)) == nil)
        var wrongMagic = data
        wrongMagic[0] = 0
        #expect(StretchArchive.decode(wrongMagic) == nil)
    }
}
