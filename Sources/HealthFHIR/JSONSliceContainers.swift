import Foundation

/// One member of an object: where its name (between the quotes) and its value are, and whether the name is plain
/// ASCII without escapes (compared byte for byte; any other name is compared as the `String` it stands for).
struct JSONMember {
    let name: Range<Int>
    let value: Int
    let plain: Bool

    /// Appends the members of the (valid) object at `start` to `list`, in order, in one pass.
    static func list(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, into list: inout JSONArena<JSONMember>) {
        var index = JSONText.skipSpace(buffer, start + 1, buffer.count)
        while index < buffer.count, buffer[index] == UInt8(ascii: "\""), let nameEnd = JSONSlicer.stringEnd(buffer, index) {
            let name = (index + 1)..<(nameEnd - 1)
            let plain = !name.contains { buffer[$0] >= 0x80 || buffer[$0] == UInt8(ascii: "\\") }
            let value = JSONText.skipSpace(buffer, JSONText.skipSpace(buffer, nameEnd, buffer.count) + 1, buffer.count)
            list.append(JSONMember(name: name, value: value, plain: plain))
            index = JSONText.skipSpace(buffer, JSONText.valueEnd(buffer, value), buffer.count)
            guard index < buffer.count, buffer[index] == UInt8(ascii: ",") else { break }
            index = JSONText.skipSpace(buffer, index + 1, buffer.count)
        }
    }
}

/// An object's members by name. A name given twice means its first value, as with JSONDecoder.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The object's own decoder.
    let decoder: JSONValueDecoder
    /// Its members' run in the context's arena.
    let members: Range<Int>

    init(_ decoder: JSONValueDecoder) {
        self.decoder = decoder
        let state = decoder.context
        let first = state.pointee.members.count
        JSONMember.list(state.pointee.bytes, decoder.start, into: &state.pointee.members)
        members = first..<state.pointee.members.count
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var seen = Set<String>()
        let state = decoder.context.pointee
        return members.compactMap { index in
            guard let name = try? JSONText.string(state.bytes, state.members[index].name.lowerBound - 1), seen.insert(name).inserted else { return nil }
            return Key(stringValue: name)
        }
    }

    func contains(_ key: Key) -> Bool { value(of: key) != nil }

    /// Where the value of the first member named `key` starts.
    func value(of key: Key) -> Int? {
        let text = key.stringValue
        var name = text
        let bytes = decoder.context.pointee.bytes, list = decoder.context.pointee.members
        return name.withUTF8 { wanted -> Int? in
            let plainWanted = !wanted.contains { $0 >= 0x80 }
            for index in members {
                let member = list[index]
                if member.plain, plainWanted {
                    if member.name.count == wanted.count,
                       wanted.isEmpty || memcmp(bytes.baseAddress! + member.name.lowerBound, wanted.baseAddress!, wanted.count) == 0 {
                        return member.value
                    }
                } else if (try? JSONText.string(bytes, member.name.lowerBound - 1)) == text {
                    return member.value
                }
            }
            return nil
        }
    }

    private func required(_ key: Key) throws -> Int {
        guard let start = value(of: key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return start
    }

    private func scalar<T: JSONScalar>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.scalar(type, at: try required(key), last: key)
    }

    private func optionalScalar<T: JSONScalar>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let start = value(of: key), decoder.context.pointee.bytes[start] != UInt8(ascii: "n") else { return nil }
        return try decoder.scalar(type, at: start, last: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.context.pointee.bytes[try required(key)] == UInt8(ascii: "n") }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.child(key, at: try required(key)).decode(type) }

    // The optional members the models read most, each found once (the default looks a name up three times).
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let start = value(of: key), decoder.context.pointee.bytes[start] != UInt8(ascii: "n") else { return nil }
        return try decoder.child(key, at: start).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(key, at: try required(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(key, at: try required(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else { throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "No key named super.")) }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(key, at: try required(key)) }
}

/// An array's elements in order. Where it stands is kept in the context, so the container is three words, copied
/// freely and held by `any UnkeyedDecodingContainer` without an allocation.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer, JSONScalarSource {
    let context: JSONDecodingContext
    /// The array's path.
    let path: Int
    /// Its cursor in the context.
    private let slot: Int

    init(_ decoder: JSONValueDecoder) {
        context = decoder.context
        path = decoder.path
        slot = context.pointee.cursors.count
        let bytes = context.pointee.bytes
        context.pointee.cursors.append((decoder.start, JSONText.skipSpace(bytes, decoder.start + 1, bytes.count), 0))
    }

    /// The array's own decoder.
    private var decoder: JSONValueDecoder { JSONValueDecoder(context: context, start: context.pointee.cursors[slot].start, path: path) }

    var codingPath: [any CodingKey] { context.pointee.codingPath(path) }
    var currentIndex: Int { context.pointee.cursors[slot].index }
    var isAtEnd: Bool { context.pointee.bytes[context.pointee.cursors[slot].next] == UInt8(ascii: "]") }
    var count: Int? {
        let bytes = context.pointee.bytes
        var index = JSONText.skipSpace(bytes, context.pointee.cursors[slot].start + 1, bytes.count), count = 0
        while bytes[index] != UInt8(ascii: "]") {
            count += 1
            index = Self.after(bytes, index)
        }
        return count
    }

    /// The start of the element after the one at `index`, or the closing bracket.
    private static func after(_ buffer: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
        let end = JSONText.skipSpace(buffer, JSONText.valueEnd(buffer, index), buffer.count)
        return end < buffer.count && buffer[end] == UInt8(ascii: ",") ? JSONText.skipSpace(buffer, end + 1, buffer.count) : end
    }

    /// Where the current element starts and its index, the cursor moved past it; at the end, JSONDecoder's error.
    private func take(_ type: Any.Type) throws -> (start: Int, index: Int) {
        let (_, start, index) = context.pointee.cursors[slot]
        guard context.pointee.bytes[start] != UInt8(ascii: "]") else {
            throw DecodingError.valueNotFound(type, .init(codingPath: context.pointee.codingPath(path, then: JSONIndexKey(index)),
                                                          debugDescription: "Unkeyed container is at end."))
        }
        context.pointee.cursors[slot].next = Self.after(context.pointee.bytes, start)
        context.pointee.cursors[slot].index = index + 1
        return (start, index)
    }

    private func element(_ type: Any.Type) throws -> JSONValueDecoder {
        let (start, index) = try take(type)
        return decoder.child(JSONIndexKey(index), at: start)
    }

    func decodeNil() throws -> Bool {
        guard !isAtEnd, context.pointee.bytes[context.pointee.cursors[slot].next] == UInt8(ascii: "n") else { return false }
        _ = try take(Never.self)
        return true
    }

    func scalar<T: JSONScalar>(_ type: T.Type) throws -> T {
        let (start, index) = try take(type)
        return try decoder.scalar(type, at: start, last: JSONIndexKey(index))
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try element([String: Any].self).container(keyedBy: type)
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try element([Any].self).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { try element(Any.self) }
}
