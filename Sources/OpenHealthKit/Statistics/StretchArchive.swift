import Foundation

/// The binary form of a slot cache's computed runs, kept in the store as a ``FiguresNote`` so that the first query
/// after opening a store does not compute every mixed run from its samples again.
///
/// Layout, little-endian: the magic `OHKRUNS1`; the source names (count, then each as byte length and UTF-8); the
/// distinct source lists, highest priority first (count, then each as count and name indices); the runs (count,
/// then each as first slot, end slot, merged sum, list index, count of per-source sums, then each as name index
/// and sum). ``decode(_:)`` checks every count and index and returns nil for anything malformed.
enum StretchArchive {
    /// One run: slots `[start, end)`, its merged sum, its source list and each source's own sum (by name index).
    struct Entry: Equatable {
        var start: Int64
        var end: Int64
        var merged: Double
        var list: Int32
        var bySource: [Pair]
    }

    /// One source's own sum in a run.
    struct Pair: Equatable {
        var name: Int32
        var sum: Double
    }

    /// The whole archive.
    struct Contents: Equatable {
        var names: [String]
        var lists: [[Int32]]
        var entries: [Entry]
    }

    private static let magic = Array("OHKRUNS1".utf8)

    /// The bytes of `contents`.
    static func encode(_ contents: Contents) -> Data {
        // Bytes appended to an array, one copy into `Data` at the end: `Data.append` per field was nearly all of the
        // encoding, half of keeping the 3 MB note of steps after importing the 1,000,000-record demo export.
        var data: [UInt8] = Array(magic)
        data.reserveCapacity(magic.count + 4 + contents.entries.count * 40)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        put(UInt32(contents.names.count))
        for name in contents.names {
            let bytes = Array(name.utf8)
            put(UInt32(bytes.count))
            data.append(contentsOf: bytes)
        }
        put(UInt32(contents.lists.count))
        for list in contents.lists {
            put(UInt32(list.count))
            for name in list { put(name) }
        }
        put(UInt32(contents.entries.count))
        for entry in contents.entries {
            put(entry.start)
            put(entry.end)
            put(entry.merged.bitPattern)
            put(entry.list)
            put(UInt32(entry.bySource.count))
            for pair in entry.bySource {
                put(pair.name)
                put(pair.sum.bitPattern)
            }
        }
        return Data(data)
    }

    /// The contents of `data`, or nil when it is not a well-formed archive.
    static func decode(_ data: Data) -> Contents? {
        var reader = Reader(bytes: [UInt8](data))
        guard reader.take(magic.count) == magic, let nameCount = reader.count() else { return nil }
        var names: [String] = []
        for _ in 0..<nameCount {
            guard let length = reader.count(), let bytes = reader.take(length),
                  let name = String(validating: bytes, as: UTF8.self) else { return nil }
            names.append(name)
        }
        guard let listCount = reader.count() else { return nil }
        var lists: [[Int32]] = []
        for _ in 0..<listCount {
            guard let length = reader.count() else { return nil }
            var list: [Int32] = []
            for _ in 0..<length {
                guard let name: Int32 = reader.read(), names.indices.contains(Int(name)) else { return nil }
                list.append(name)
            }
            lists.append(list)
        }
        guard let entryCount = reader.count() else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(entryCount)
        for _ in 0..<entryCount {
            guard let start: Int64 = reader.read(), let end: Int64 = reader.read(), end > start,
                  let merged: UInt64 = reader.read(), let list: Int32 = reader.read(), lists.indices.contains(Int(list)),
                  let pairCount = reader.count() else { return nil }
            var pairs: [Pair] = []
            pairs.reserveCapacity(pairCount)
            for _ in 0..<pairCount {
                guard let name: Int32 = reader.read(), names.indices.contains(Int(name)), let sum: UInt64 = reader.read() else { return nil }
                pairs.append(Pair(name: name, sum: Double(bitPattern: sum)))
            }
            entries.append(Entry(start: start, end: end, merged: Double(bitPattern: merged), list: list, bySource: pairs))
        }
        return reader.isAtEnd ? Contents(names: names, lists: lists, entries: entries) : nil
    }

    /// Bounds-checked little-endian reads. A number is loaded in place: a note holds tens of thousands of runs, and
    /// copying each number's bytes out first was most of the first query's decoding.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func read<T: FixedWidthInteger>() -> T? {
            let size = MemoryLayout<T>.size
            guard size <= bytes.count - offset else { return nil }
            let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
            offset += size
            return T(littleEndian: value)
        }

        /// A count, which cannot exceed the bytes left (every counted item takes at least one byte).
        mutating func count() -> Int? {
            guard let value: UInt32 = read(), Int(value) <= bytes.count - offset else { return nil }
            return Int(value)
        }
    }
}
