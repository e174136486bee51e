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
        encode(names: contents.names, lists: contents.lists, entries: contents.entries)
    }

    /// The bytes of the archive of `names`, `lists` and `entries`, written in place into one buffer of the archive's
    /// size; `entries` may make each entry as it is read, twice (once to size the buffer). A year of 600 sources'
    /// steps is a 16 MB note: the whole contents built first, and the bytes gathered in an array and then copied
    /// into `Data`, had held it three times at the peak of `health import`. (`Data.append` per field had been nearly
    /// all of the encoding.)
    static func encode(names: [String], lists: [[Int32]], entries: some Collection<Entry>) -> Data {
        var size = magic.count + 12
        for name in names { size += 4 + name.utf8.count }
        for list in lists { size += 4 + 4 * list.count }
        for entry in entries { size += 32 + 12 * entry.bySource.count }
        var data = Data(count: size)
        data.withUnsafeMutableBytes { buffer in
            var offset = 0
            func put<T: FixedWidthInteger>(_ value: T) {
                buffer.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
                offset += MemoryLayout<T>.size
            }
            func put(bytes: some Collection<UInt8>) {
                UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]).copyBytes(from: bytes)
                offset += bytes.count
            }
            put(bytes: magic)
            put(UInt32(names.count))
            for name in names {
                put(UInt32(name.utf8.count))
                put(bytes: name.utf8)
            }
            put(UInt32(lists.count))
            for list in lists {
                put(UInt32(list.count))
                for name in list { put(name) }
            }
            put(UInt32(entries.count))
            for entry in entries {
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
            precondition(offset == size, "StretchArchive: \(offset) bytes written for \(size)")
        }
        return data
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
