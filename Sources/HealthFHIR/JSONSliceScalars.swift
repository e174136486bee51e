/// Why a JSON value could not be read as the type asked for: another kind of value, or one the type cannot hold.
enum JSONScalarProblem: Error {
    case mismatch
    case unreadable(String)

    /// The `DecodingError` JSONDecoder throws when `type` was asked for at `path` and the value starts with `first`.
    func error(_ type: Any.Type, _ first: UInt8, _ path: [any CodingKey]) -> DecodingError {
        if first == UInt8(ascii: "n") {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        switch self {
        case .mismatch:
            return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(JSONText.kind(first)) instead."))
        case .unreadable(let text):
            return .dataCorrupted(.init(codingPath: path, debugDescription: text))
        }
    }
}

/// A type read from a single JSON string, number or boolean.
protocol JSONScalar: Decodable {
    /// The value starting at `start`, or why it is not one.
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONScalarProblem) -> Self
}

extension String: JSONScalar {
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONScalarProblem) -> String {
        guard buffer[start] == UInt8(ascii: "\"") else { throw .mismatch }
        return try JSONText.string(buffer, start)
    }
}

extension Bool: JSONScalar {
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONScalarProblem) -> Bool {
        switch buffer[start] {
        case UInt8(ascii: "t"): true
        case UInt8(ascii: "f"): false
        default: throw .mismatch
        }
    }
}

extension JSONNumber {
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONScalarProblem) -> Self {
        guard buffer[start] == UInt8(ascii: "-") || JSONText.isDigit(buffer[start]) else { throw .mismatch }
        return try JSONText.number(buffer, start..<JSONText.valueEnd(buffer, start), as: Self.self)
    }
}

/// The one value of a decoder, for types that decode from a single value (`String`, `FHIRCodeOrConcept`...).
struct JSONSingleValueContainer: SingleValueDecodingContainer, JSONScalarSource {
    let decoder: JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.first == UInt8(ascii: "n") }
    func scalar<T: JSONScalar>(_ type: T.Type) throws -> T { try decoder.scalar(type, at: decoder.start) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}

/// The containers that read one value at a time (an array's elements, a single value) share the scalar overloads.
protocol JSONScalarSource {
    func scalar<T: JSONScalar>(_ type: T.Type) throws -> T
}

extension JSONScalarSource {
    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    func decode(_ type: String.Type) throws -> String { try scalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }
}
