package import Foundation
package import HealthKitModel

/// A compact binary payload for the large series records (route locations, heartbeats): a 4-byte tag (a zero byte,
/// two letters, a format version), then little-endian numbers and length-prefixed UTF-8 strings. Numbers are stored as
/// their exact bits, so a value reads back identical to what was written, as it did from the JSON payloads these
/// records used to hold. A JSON payload never starts with a zero byte, so a reader tells the two apart by the first
/// byte and keeps reading stores written before.
package struct BinaryPayloadWriter {
    /// The bytes written so far (an array: appending a few bytes to it is much cheaper than to `Data`).
    package private(set) var bytes: [UInt8]

    /// The payload.
    package var data: Data { Data(bytes) }

    /// A payload starting with the tag `letters` (two ASCII letters) and format `version`.
    package init(_ letters: StaticString, version: UInt8, capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity + 4)
        bytes.append(0)
        bytes.append(letters.utf8Start[0])
        bytes.append(letters.utf8Start[1])
        bytes.append(version)
    }

    /// A part of a payload, without a tag (for ``append(_:)`` to a tagged one).
    package init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends a part made by an untagged writer.
    package mutating func append(_ part: [UInt8]) { bytes.append(contentsOf: part) }

    /// Appends a count or length.
    package mutating func count(_ value: Int) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a number's bits; a number that is not finite cannot be stored (as JSON could not hold it).
    package mutating func number(_ value: Double, what: String) throws(HKError) {
        guard value.isFinite else { throw HKError(.errorInvalidArgument, "Cannot store \(what): \(value) is not a finite number") }
        bits(value.bitPattern)
    }

    /// Appends 64 bits (any number's ``Double/bitPattern``, not-finite ones too, where a caller has use for them).
    package mutating func bits(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a flag.
    package mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Appends a string (nil and empty are told apart).
    package mutating func string(_ value: String?) {
        guard let value else { return count(Int(UInt32.max)) }
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }
}

/// Reads what ``BinaryPayloadWriter`` wrote, refusing anything truncated or malformed.
package struct BinaryPayloadReader {
    private let data: Data
    private var offset: Int

    /// A reader of `data` if it starts with the tag `letters` and format `version`; nil for anything else (JSON).
    package init?(_ data: Data, letters: StaticString, version: UInt8) {
        let tag: [UInt8] = [0, letters.utf8Start[0], letters.utf8Start[1], version]
        guard data.count >= 4, data.prefix(4).elementsEqual(tag) else { return nil }
        self.data = data
        offset = data.startIndex + 4
    }

    /// Whether the first byte marks a binary payload (JSON never starts with a zero byte).
    package static func isBinary(_ data: Data) -> Bool { data.first == 0 }

    /// Whether every byte has been read.
    package var atEnd: Bool { offset == data.endIndex }

    /// The next `count` bytes as they are.
    package mutating func bytes(_ count: Int) -> Data? {
        guard count >= 0, data.endIndex - offset >= count else { return nil }
        defer { offset += count }
        return data[offset..<(offset + count)]
    }

    private mutating func load<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard data.endIndex - offset >= size else { return nil }
        defer { offset += size }
        return T(littleEndian: data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - data.startIndex, as: T.self) })
    }

    /// A count or length.
    package mutating func count() -> Int? { load(UInt32.self).map(Int.init) }

    /// A number.
    package mutating func number() -> Double? { bits().map(Double.init(bitPattern:)) }

    /// 64 bits.
    package mutating func bits() -> UInt64? { load(UInt64.self) }

    /// A flag.
    package mutating func flag() -> Bool? {
        bytes(1).flatMap { slice in slice.first! <= 1 ? slice.first! == 1 : nil }
    }

    /// A string (nil when nil was written).
    package mutating func string() -> String?? {
        guard let length = count() else { return nil }
        if length == Int(UInt32.max) { return .some(nil) }
        guard let slice = bytes(length) else { return nil }
        return .some(String(decoding: slice, as: UTF8.self))
    }
}
