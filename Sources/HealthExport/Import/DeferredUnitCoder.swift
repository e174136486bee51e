import Foundation
import HealthDatabase
import OpenHealthKit

/// The bytes a held-back import unit is written as in ``DeferredUnits``' temporary file, and back: the unit's records
/// field by field in OpenHealthKit's binary payload layout (tag `DU` 1; numbers and dates as their exact bits), with
/// each source and device written as its number in a table this coder keeps in memory (the file is read back only by
/// the process that wrote it). Foundation's `JSONEncoder`/`JSONDecoder` did this before at about 60 µs a record,
/// which took an export with 300,000 dietary records (Apple writes every correlation member at the top level too, and
/// each waits for the correlations) from seconds to half a minute.
struct DeferredUnitCoder {
    private var sources: [SourceRecord] = []
    private var sourceNumbers: [SourceRecord: Int] = [:]
    private var devices: [DeviceRecord] = []
    private var deviceNumbers: [DeviceRecord: Int] = [:]

    /// A spilled unit that cannot be read back (a truncated or overwritten temporary file).
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "a record held back for the correlations could not be read back from its temporary file" }
    }

    /// `unit`'s bytes.
    mutating func encode(_ unit: ImportUnit) -> [UInt8] {
        var writer = BinaryPayloadWriter("DU", version: 1, capacity: 256 * unit.records.count)
        writer.count(unit.line)
        writer.count(unit.records.count)
        for record in unit.records { encode(record, into: &writer) }
        return writer.bytes
    }

    /// The unit written as `data` (held back again: it is a top-level record of a correlation type).
    func decode(_ data: Data) throws -> ImportUnit {
        guard var reader = BinaryPayloadReader(data, letters: "DU", version: 1),
              let line = reader.count(), let count = reader.count() else { throw Unreadable() }
        var records: [SampleRecord] = []
        records.reserveCapacity(count)
        for _ in 0..<count { records.append(try decode(from: &reader)) }
        guard reader.atEnd else { throw Unreadable() }
        return ImportUnit(records: records, line: line, mayBeCorrelationMember: true)
    }

    private mutating func encode(_ record: SampleRecord, into writer: inout BinaryPayloadWriter) {
        let (high, low) = record.uuid.halves
        writer.bits(high)
        writer.bits(low)
        writer.string(record.kind.rawValue)
        writer.string(record.type)
        writer.bits(record.startDate.timeIntervalSinceReferenceDate.bitPattern)
        writer.bits(record.endDate.timeIntervalSinceReferenceDate.bitPattern)
        optional(record.quantity, into: &writer) { $1.bits($0.bitPattern) }
        writer.string(record.unit)
        optional(record.originalQuantity, into: &writer) { $1.bits($0.bitPattern) }
        writer.bits(UInt64(bitPattern: Int64(record.count)))
        optional(record.categoryValue, into: &writer) { $1.bits(UInt64(bitPattern: Int64($0))) }
        writer.count(Self.number(of: record.source, in: &sources, numbers: &sourceNumbers))
        writer.flag(record.device != nil)
        if let device = record.device { writer.count(Self.number(of: device, in: &devices, numbers: &deviceNumbers)) }
        writer.count(record.fields.count)
        for (key, value) in record.fields {
            writer.string(key)
            switch value {
            case .text(let text): writer.count(0); writer.string(text)
            case .number(let number): writer.count(1); writer.bits(number.bitPattern)
            case .bool(let flag): writer.count(2); writer.flag(flag)
            case .date(let date): writer.count(3); writer.bits(date.timeIntervalSinceReferenceDate.bitPattern)
            case .quantity(let base, let text): writer.count(4); writer.bits(base.bitPattern); writer.string(text)
            }
        }
        writer.string(record.syncIdentifier)
        optional(record.syncVersion, into: &writer) { $1.bits(UInt64(bitPattern: $0)) }
        optional(record.parent, into: &writer) { parent, writer in
            let (high, low) = parent.halves
            writer.bits(high)
            writer.bits(low)
        }
        optional(record.payload, into: &writer) { payload, writer in
            writer.count(payload.count)
            writer.append([UInt8](payload))
        }
    }

    private func decode(from reader: inout BinaryPayloadReader) throws -> SampleRecord {
        func value<T>(_ read: T?) throws -> T {
            guard let read else { throw Unreadable() }
            return read
        }
        func string() throws -> String? { try value(reader.string()) }
        func number() throws -> Double { Double(bitPattern: try value(reader.bits())) }
        func integer() throws -> Int64 { Int64(bitPattern: try value(reader.bits())) }
        func date() throws -> Date { Date(timeIntervalSinceReferenceDate: try number()) }
        func readUUID() throws -> UUID { UUID(halves: (try value(reader.bits()), try value(reader.bits()))) }
        func present() throws -> Bool { try value(reader.flag()) }

        let uuid = try readUUID()
        guard let kind = RecordKind(rawValue: try string() ?? "") else { throw Unreadable() }
        let type = try value(try string())
        let start = try date(), end = try date()
        let quantity = try present() ? try number() : nil
        let unit = try string()
        let originalQuantity = try present() ? try number() : nil
        let count = Int(try integer())
        let categoryValue = try present() ? Int(try integer()) : nil
        let sourceNumber = try value(reader.count())
        guard sourceNumber < sources.count else { throw Unreadable() }
        var device: DeviceRecord?
        if try present() {
            let number = try value(reader.count())
            guard number < devices.count else { throw Unreadable() }
            device = devices[number]
        }
        var fields: [String: FieldValue] = [:]
        let fieldCount = try value(reader.count())
        fields.reserveCapacity(fieldCount)
        for _ in 0..<fieldCount {
            let key = try value(try string())
            switch try value(reader.count()) {
            case 0: fields[key] = .text(try value(try string()))
            case 1: fields[key] = .number(try number())
            case 2: fields[key] = .bool(try present())
            case 3: fields[key] = .date(try date())
            case 4: fields[key] = .quantity(base: try number(), text: try value(try string()))
            default: throw Unreadable()
            }
        }
        let syncIdentifier = try string()
        let syncVersion = try present() ? try integer() : nil
        let parent = try present() ? try readUUID() : nil
        var payload: Data?
        if try present() {
            let length = try value(reader.count())
            payload = try value(reader.bytes(length))
        }
        return SampleRecord(uuid: uuid, kind: kind, type: type, startDate: start, endDate: end, quantity: quantity, unit: unit,
                            originalQuantity: originalQuantity, count: count, categoryValue: categoryValue,
                            source: sources[sourceNumber], device: device, fields: fields, syncIdentifier: syncIdentifier,
                            syncVersion: syncVersion, parent: parent, payload: payload)
    }

    /// Writes whether `value` is there, then `value` by `write`.
    private func optional<T>(_ value: T?, into writer: inout BinaryPayloadWriter, _ write: (T, inout BinaryPayloadWriter) -> Void) {
        writer.flag(value != nil)
        if let value { write(value, &writer) }
    }

    /// `value`'s number in `table`, added the first time.
    private static func number<T: Hashable>(of value: T, in table: inout [T], numbers: inout [T: Int]) -> Int {
        if let known = numbers[value] { return known }
        numbers[value] = table.count
        table.append(value)
        return table.count - 1
    }
}

extension UUID {
    /// The UUID made of two numbers (``halves``).
    init(halves: (UInt64, UInt64)) {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: halves.0.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: halves.1.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        self.init(uuid: bytes)
    }
}
