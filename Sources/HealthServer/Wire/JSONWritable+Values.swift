import Foundation

// The values responses are made of, written as `JSONEncoder` writes them (``JSONWriter``).

extension String: JSONWritable {
    func write(to json: inout JSONWriter) { json.string(self) }
}

extension Double: JSONWritable {
    func write(to json: inout JSONWriter) throws { try json.number(self) }
}

extension Int: JSONWritable {
    func write(to json: inout JSONWriter) { json.integer(self) }
}

extension UInt: JSONWritable {
    func write(to json: inout JSONWriter) { json.integer(self) }
}

extension Int64: JSONWritable {
    func write(to json: inout JSONWriter) { json.integer(self) }
}

extension Bool: JSONWritable {
    func write(to json: inout JSONWriter) { json.literal(self ? "true" : "false") }
}

extension Date: JSONWritable {
    func write(to json: inout JSONWriter) { json.date(self) }
}

extension UUID: JSONWritable {
    func write(to json: inout JSONWriter) { json.uuid(self) }
}

extension Data: JSONWritable {
    /// Base64, `JSONEncoder`'s default for data.
    func write(to json: inout JSONWriter) { json.string(base64EncodedString()) }
}

extension Array: JSONWritable where Element: JSONWritable {
    func write(to json: inout JSONWriter) throws { try json.array(self) }
}

extension Dictionary: JSONWritable where Key == String, Value: JSONWritable {
    /// An object, its keys in UTF-8 byte order as `JSONEncoder`'s `.sortedKeys` orders them on Linux.
    func write(to json: inout JSONWriter) throws {
        let members = sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        try json.object { json in
            for (key, value) in members { try json.field(named: key, value) }
        }
    }
}
