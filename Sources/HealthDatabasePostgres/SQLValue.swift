import Foundation
import NIOCore
import PostgresNIO

/// A value bound to a `?` of an ``SQL`` statement. Arrays go as binary PostgreSQL arrays, so one bind carries a whole
/// batch (`unnest(?::uuid[], …)`, `= ANY(?)`); the nullable ones may hold NULL elements, which postgres-nio's own
/// array encoding cannot.
enum SQLValue: Sendable {
    case int(Int64?)
    case double(Double?)
    case text(String?)
    case bool(Bool?)
    case uuid(UUID?)
    case bytes(Data?)
    case ints([Int64?])
    case doubles([Double?])
    case texts([String?])
    case bools([Bool])
    case uuids([UUID?])
    case byteArrays([Data?])

    /// Appends the value to `bindings`.
    func append(to bindings: inout PostgresBindings) {
        switch self {
        case .int(let value): bindings.append(value)
        case .double(let value): bindings.append(value)
        case .text(let value): bindings.append(value)
        case .bool(let value): bindings.append(value)
        case .uuid(let value): bindings.append(value)
        case .bytes(let value): bindings.append(value.map { ByteBuffer(bytes: $0) })
        case .ints(let values): bindings.append(NullableArray(values))
        case .doubles(let values): bindings.append(NullableArray(values))
        case .texts(let values): bindings.append(NullableArray(values))
        case .bools(let values): bindings.append(values)
        case .uuids(let values): bindings.append(NullableArray(values))
        case .byteArrays(let values): bindings.append(NullableArray(values.map { $0.map { ByteBuffer(bytes: $0) } }))
        }
    }
}

/// A one-dimensional PostgreSQL array whose elements may be NULL, in the binary format (`array_send`): dimensions,
/// a has-nulls flag, the element type, then each element as its length (-1 for NULL) and bytes.
struct NullableArray<Element: PostgresArrayEncodable & PostgresNonThrowingEncodable>: PostgresNonThrowingEncodable {
    let elements: [Element?]

    init(_ elements: [Element?]) { self.elements = elements }

    static var psqlType: PostgresDataType { Element.psqlArrayType }
    static var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        buffer.writeInteger(elements.isEmpty ? 0 : 1, as: Int32.self)
        buffer.writeInteger(elements.contains { $0 == nil } ? 1 : 0, as: Int32.self)
        buffer.writeInteger(Element.psqlType.rawValue)
        guard !elements.isEmpty else { return }
        buffer.writeInteger(Int32(elements.count))
        buffer.writeInteger(1, as: Int32.self)
        for element in elements {
            guard let element else { buffer.writeInteger(-1, as: Int32.self); continue }
            let lengthIndex = buffer.writerIndex
            buffer.writeInteger(0, as: Int32.self)
            let start = buffer.writerIndex
            element.encode(into: &buffer, context: context)
            buffer.setInteger(Int32(buffer.writerIndex - start), at: lengthIndex)
        }
    }
}

/// A piece of SQL with `?` placeholders and the values bound to them, in order. Values are never spliced into the
/// text; ``rendered`` numbers the placeholders `$1`, `$2`, … for PostgreSQL. The text itself must hold no other `?`
/// (no jsonb `?` operators, no question marks in literals).
struct SQL: Sendable {
    var text: String
    var values: [SQLValue]

    init(_ text: String, _ values: [SQLValue] = []) {
        self.text = text
        self.values = values
    }

    static let always = SQL("TRUE")
    static let never = SQL("FALSE")

    /// Appends `other`'s text and values.
    static func + (lhs: SQL, rhs: SQL) -> SQL { SQL(lhs.text + rhs.text, lhs.values + rhs.values) }

    /// The parts joined by `separator`, each in parentheses.
    static func joined(_ parts: [SQL], _ separator: String) -> SQL {
        SQL(parts.map { "(\($0.text))" }.joined(separator: " \(separator) "), parts.flatMap(\.values))
    }

    /// The statement postgres-nio sends: placeholders numbered, values bound.
    var rendered: PostgresQuery {
        var output = ""
        output.reserveCapacity(text.utf8.count + values.count * 2)
        var number = 0
        for character in text {
            if character == "?" {
                number += 1
                output += "$\(number)"
            } else {
                output.append(character)
            }
        }
        precondition(number == values.count, "SQL has \(number) placeholders for \(values.count) values: \(text)")
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.append(to: &bindings) }
        return PostgresQuery(unsafeSQL: output, binds: bindings)
    }
}
