import Foundation

/// An object's members by name, from its run on the tape. A name given twice means its first value, as with JSONDecoder.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The object's own decoder.
    let decoder: JSONValueDecoder
    /// Its members' run on the tape.
    let members: Range<Int>

    init(_ decoder: JSONValueDecoder) {
        self.decoder = decoder
        members = decoder.context.pointee.tape.containers[decoder.container]
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var seen = Set<String>()
        let state = decoder.context.pointee
        return members.compactMap { index in
            guard let name = try? JSONText.string(state.bytes, state.tape.items[index].name.lowerBound - 1), seen.insert(name).inserted else { return nil }
            return Key(stringValue: name)
        }
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    /// The first member named `key`.
    func member(_ key: Key) -> JSONItem? {
        let text = key.stringValue
        var name = text
        let bytes = decoder.context.pointee.bytes, items = decoder.context.pointee.tape.items
        return name.withUTF8 { wanted -> JSONItem? in
            let plainWanted = !wanted.contains { $0 >= 0x80 }
            for index in members {
                let member = items[index]
                if member.plain, plainWanted {
                    if member.name.count == wanted.count,
                       wanted.isEmpty || memcmp(bytes.baseAddress! + member.name.lowerBound, wanted.baseAddress!, wanted.count) == 0 {
                        return member
                    }
                } else if (try? JSONText.string(bytes, member.name.lowerBound - 1)) == text {
                    return member
                }
            }
            return nil
        }
    }

    private func required(_ key: Key) throws -> JSONItem {
        guard let member = member(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return member
    }

    /// The first member named `key` unless it is missing or null.
    private func present(_ key: Key) -> JSONItem? {
        guard let member = member(key), decoder.context.pointee.bytes[member.value] != UInt8(ascii: "n") else { return nil }
        return member
    }

    private func scalar<T: JSONScalar>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.scalar(type, at: try required(key).value, last: key)
    }

    private func optionalScalar<T: JSONScalar>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let member = present(key) else { return nil }
        return try decoder.scalar(type, at: member.value, last: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.context.pointee.bytes[try required(key).value] == UInt8(ascii: "n") }
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
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.child(key, try required(key)).decode(type) }

    // The optional members the models read most, each found once (the default looks a name up three times).
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalScalar(type, forKey: key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let member = present(key) else { return nil }
        return try decoder.child(key, member).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(key, try required(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(key, try required(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else { throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "No key named super.")) }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(key, try required(key)) }
}

/// An array's elements in order, from its run on the tape. Where it stands is kept in the context, so the container
/// is three words, copied freely and held by `any UnkeyedDecodingContainer` without an allocation.
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
        context.pointee.cursors.append((decoder.container, 0))
    }

    /// The array's elements on the tape.
    private var elements: Range<Int> { context.pointee.tape.containers[context.pointee.cursors[slot].container] }
    /// The array's own decoder.
    private var decoder: JSONValueDecoder { JSONValueDecoder(context: context, start: 0, path: path, container: context.pointee.cursors[slot].container) }

    var codingPath: [any CodingKey] { context.pointee.codingPath(path) }
    var currentIndex: Int { context.pointee.cursors[slot].index }
    var isAtEnd: Bool { currentIndex >= elements.count }
    var count: Int? { elements.count }

    /// The current element and its index, the cursor moved past it; at the end, JSONDecoder's error.
    private func take(_ type: Any.Type) throws -> (item: JSONItem, index: Int) {
        let index = currentIndex
        guard index < elements.count else {
            throw DecodingError.valueNotFound(type, .init(codingPath: context.pointee.codingPath(path, then: JSONIndexKey(index)),
                                                          debugDescription: "Unkeyed container is at end."))
        }
        context.pointee.cursors[slot].index = index + 1
        return (context.pointee.tape.items[elements.lowerBound + index], index)
    }

    private func element(_ type: Any.Type) throws -> JSONValueDecoder {
        let (item, index) = try take(type)
        return decoder.child(JSONIndexKey(index), item)
    }

    func decodeNil() throws -> Bool {
        guard isAtEnd || context.pointee.bytes[context.pointee.tape.items[elements.lowerBound + currentIndex].value] == UInt8(ascii: "n") else {
            return false
        }
        _ = try take(Optional<Any>.self)
        return true
    }

    func scalar<T: JSONScalar>(_ type: T.Type) throws -> T {
        let (item, index) = try take(type)
        return try decoder.scalar(type, at: item.value, last: JSONIndexKey(index))
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try element([String: Any].self).container(keyedBy: type)
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try element([Any].self).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { try element(Any.self) }
}
