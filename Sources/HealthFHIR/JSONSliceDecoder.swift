import Foundation
import HealthKitModel

/// Decodes the Codable FHIR models straight from a resource's bytes, as cut by ``JSONSlicer``: the syntax is checked
/// once (``JSONValidation``), then each object's members are found by their byte ranges and only the members a model
/// asks for become values. It gives what `JSONDecoder` gives for the same bytes (the first of repeated member names,
/// the same `DecodingError`s and coding paths), at a fraction of the cost; where they differ it is stricter: JSON that
/// RFC 8259 refuses anywhere in the resource (a trailing comma, `01`, a bare control character in a string) is refused.
enum JSONSliceDecoder {
    /// Decodes `T` from `bytes[range]` (UTF-8 already checked). Throws ``FHIRDecodingError`` for broken JSON (its
    /// path empty, the byte offset counted in `bytes`) and `DecodingError` when the JSON does not fit `T`.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], in range: Range<Int>) throws -> T {
        try JSONValidation.check(bytes, range)
        return try bytes.withUnsafeBufferPointer { buffer in
            let context = JSONDecodingContext.allocate(capacity: 1)
            context.initialize(to: JSONDecodingState(bytes: buffer))
            defer {
                context.pointee.release()
                context.deinitialize(count: 1)
                context.deallocate()
            }
            return try JSONValueDecoder(context: context, start: JSONText.skipSpace(buffer, range.lowerBound, range.upperBound), path: -1)
                .decode(type)
        }
    }

    /// Decodes `T` from `data`, checking first that it is UTF-8.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let bytes = [UInt8](data)
        if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
            throw FHIRDecodingError(path: "", reason: "not valid JSON (invalid UTF-8 at byte \(bad))")
        }
        return try decode(type, from: bytes, in: 0..<bytes.count)
    }
}

/// What the decoders and containers of one ``JSONSliceDecoder`` decode share: the bytes, and arenas for the member
/// lists of the objects read, the positions of the arrays being read and the coding paths. They reach it through a
/// plain pointer (``JSONDecodingContext``), so copying them counts no references; none may outlive the decode (the
/// FHIR models' `init(from:)` keep none).
struct JSONDecodingState {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Each object's members, one run an object (``JSONKeyedContainer`` holds its run's range).
    var members = JSONArena<JSONMember>()
    /// Each array's start, next element and its index (``JSONUnkeyedContainer`` holds its slot).
    var cursors = JSONArena<(start: Int, next: Int, index: Int)>()
    /// Coding-path links: a key and the index of the link before it (-1 at the top).
    var links: [(parent: Int, key: any CodingKey)] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A path one key below `parent`.
    mutating func link(_ parent: Int, _ key: any CodingKey) -> Int {
        links.append((parent, key))
        return links.count - 1
    }

    /// The keys of `path`, then `last`.
    func codingPath(_ path: Int, then last: (any CodingKey)? = nil) -> [any CodingKey] {
        var keys: [any CodingKey] = last.map { [$0] } ?? []
        var index = path
        while index >= 0 {
            keys.append(links[index].key)
            index = links[index].parent
        }
        return keys.reversed()
    }

    /// Frees the arenas.
    func release() {
        members.release()
        cursors.release()
    }
}

/// Where a decode's decoders and containers find its ``JSONDecodingState``.
typealias JSONDecodingContext = UnsafeMutablePointer<JSONDecodingState>

/// A growing run of plain values whose indices stay valid, in memory of its own (no reference counting, no
/// exclusivity checks): what the containers of one decode keep.
struct JSONArena<Element> {
    private var base = UnsafeMutablePointer<Element>.allocate(capacity: 32)
    private var capacity = 32
    private(set) var count = 0

    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    mutating func append(_ element: Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    func release() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// An array position as JSONDecoder names it in a coding path (`Index 3`).
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The decoder for one JSON value: where it starts, and its path (a link in the context).
struct JSONValueDecoder: Decoder {
    let context: JSONDecodingContext
    let start: Int
    let path: Int

    var codingPath: [any CodingKey] { context.pointee.codingPath(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var first: UInt8 { context.pointee.bytes[start] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard first == UInt8(ascii: "{") else { throw JSONScalarProblem.mismatch.error([String: Any].self, first, codingPath) }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard first == UInt8(ascii: "[") else { throw JSONScalarProblem.mismatch.error([Any].self, first, codingPath) }
        return JSONUnkeyedContainer(self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { JSONSingleValueContainer(decoder: self) }

    /// The value as `T` (a string, number or boolean comes back through ``JSONSingleValueContainer``).
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    /// The scalar here as `type`; `last` (a key below this value's path) names it in an error.
    func scalar<T: JSONScalar>(_ type: T.Type, at start: Int, last: (any CodingKey)? = nil) throws -> T {
        do {
            return try T.read(context.pointee.bytes, start)
        } catch {
            throw error.error(type, context.pointee.bytes[start], context.pointee.codingPath(path, then: last))
        }
    }

    /// The decoder of the value at `start`, one key below this one.
    func child(_ key: any CodingKey, at start: Int) -> JSONValueDecoder {
        JSONValueDecoder(context: context, start: start, path: context.pointee.link(path, key))
    }
}
