import Foundation
import HealthKitModel

/// Decodes the Codable FHIR models straight from a resource's bytes, as cut by ``JSONSlicer``: the syntax is checked
/// once, in a pass that also records where every member and element is (``JSONValidation``, ``JSONTape``); then each
/// member a model asks for is found by comparing its name's bytes, and only those become values. It gives what
/// `JSONDecoder` gives for the same bytes (the first of repeated member names, the same `DecodingError`s and coding
/// paths), at a fraction of the cost; where they differ it is stricter: JSON that RFC 8259 refuses anywhere in the
/// resource (a trailing comma, `01`, a bare control character in a string) is refused.
///
/// One decoder reads resource after resource, reusing its memory; it is not for sharing between threads.
final class JSONSliceDecoder {
    private let context: JSONDecodingContext

    init() {
        context = JSONDecodingContext.allocate(capacity: 1)
        context.initialize(to: JSONDecodingState())
    }

    deinit {
        context.pointee.tape.release()
        context.pointee.cursors.release()
        context.deinitialize(count: 1)
        context.deallocate()
    }

    /// Decodes `T` from `bytes[range]` (UTF-8 already checked). Throws ``FHIRDecodingError`` for broken JSON (its
    /// path empty, the byte offset counted in `bytes`) and `DecodingError` when the JSON does not fit `T`.
    func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], in range: Range<Int>) throws -> T {
        // Paths and container numbers are kept in 32 bits; a value this large has too many of them.
        guard range.count < Int(Int32.max) else {
            throw FHIRDecodingError(path: "", reason: "refused: a resource of \(range.count) bytes (at most \(Int32.max))")
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            try JSONValidation.check(buffer, range, into: &context.pointee.tape)
            context.pointee.bytes = buffer
            defer {
                context.pointee.bytes = UnsafeBufferPointer(start: nil, count: 0)
                context.pointee.cursors.removeAll()
                context.pointee.links.removeAll(keepingCapacity: true)
            }
            let start = JSONText.skipSpace(buffer, range.lowerBound, range.upperBound)
            let container = buffer[start] == UInt8(ascii: "{") || buffer[start] == UInt8(ascii: "[") ? 0 : -1
            return try JSONValueDecoder(context: context, start: start, path: -1, container: container).decode(type)
        }
    }

    /// Decodes `T` from `data`, checking first that it is UTF-8.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let bytes = [UInt8](data)
        if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
            throw FHIRDecodingError(path: "", reason: "not valid JSON (invalid UTF-8 at byte \(bad))")
        }
        return try JSONSliceDecoder().decode(type, from: bytes, in: 0..<bytes.count)
    }
}

/// What the decoders and containers of a ``JSONSliceDecoder`` share: the bytes being decoded, their tape, where each
/// array being read stands, and the coding paths. They reach it through a plain pointer (``JSONDecodingContext``), so
/// copying them counts no references; none may outlive the decode (the FHIR models' `init(from:)` keep none).
struct JSONDecodingState {
    var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var tape = JSONTape()
    /// Each array's container number and next element (``JSONUnkeyedContainer`` holds its slot).
    var cursors = JSONArena<(container: Int, index: Int)>()
    /// Coding-path links: a key and the index of the link before it (-1 at the top).
    var links: [(parent: Int, key: any CodingKey)] = []

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
}

/// Where a decode's decoders and containers find its ``JSONDecodingState``.
typealias JSONDecodingContext = UnsafeMutablePointer<JSONDecodingState>

/// An array position as JSONDecoder names it in a coding path (`Index 3`).
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The decoder for one JSON value: where it starts, its container number on the tape (-1 for a scalar), and its path
/// (a link in the context). Three words, so `any Decoder` holds it without an allocation.
struct JSONValueDecoder: Decoder {
    let context: JSONDecodingContext
    let start: Int
    private let pathAndContainer: (Int32, Int32)

    init(context: JSONDecodingContext, start: Int, path: Int, container: Int) {
        self.context = context
        self.start = start
        pathAndContainer = (Int32(truncatingIfNeeded: path), Int32(truncatingIfNeeded: container))
    }

    var path: Int { Int(pathAndContainer.0) }
    var container: Int { Int(pathAndContainer.1) }
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

    /// The scalar at `start` as `type`; `last` (a key below this value's path) names it in an error.
    func scalar<T: JSONScalar>(_ type: T.Type, at start: Int, last: (any CodingKey)? = nil) throws -> T {
        do {
            return try T.read(context.pointee.bytes, start)
        } catch {
            throw error.error(type, context.pointee.bytes[start], context.pointee.codingPath(path, then: last))
        }
    }

    /// The decoder of `item`'s value, one key below this one.
    func child(_ key: any CodingKey, _ item: JSONItem) -> JSONValueDecoder {
        JSONValueDecoder(context: context, start: item.value, path: context.pointee.link(path, key), container: item.container)
    }
}
