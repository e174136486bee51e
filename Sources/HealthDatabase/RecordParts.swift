/// The parts of a ``SampleRecord`` a reader may do without: a read that is told which of them its caller uses may
/// leave the others out (they come back at their defaults, nil), so the engine neither selects nor decodes them.
///
/// Every other part (UUID, kind, type, dates, the quantity columns, count, source, device, fields) is always read.
/// Only ``HealthStorage/forEachRecord(matching:sort:limit:parts:_:)`` takes parts; the query layer chooses them from
/// the kinds of objects it maps (a heart-rate read has no use for a category value, a parent or the sync columns,
/// which its objects carry in their metadata).
public struct RecordParts: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    /// Makes a set from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// ``SampleRecord/payload``.
    public static let payload = RecordParts(rawValue: 1 << 0)
    /// ``SampleRecord/categoryValue``.
    public static let categoryValue = RecordParts(rawValue: 1 << 1)
    /// ``SampleRecord/parent`` (the SQL engines join the parent row for its UUID).
    public static let parent = RecordParts(rawValue: 1 << 2)
    /// ``SampleRecord/syncIdentifier`` and ``SampleRecord/syncVersion``.
    public static let sync = RecordParts(rawValue: 1 << 3)

    /// Every part: the whole record.
    public static let all: RecordParts = [.payload, .categoryValue, .parent, .sync]
}

extension SampleRecord {
    /// This record with the parts not in `parts` at their defaults (nil): what a read asked for `parts` may return.
    public func keeping(_ parts: RecordParts) -> SampleRecord {
        var record = self
        if !parts.contains(.payload) { record.payload = nil }
        if !parts.contains(.categoryValue) { record.categoryValue = nil }
        if !parts.contains(.parent) { record.parent = nil }
        if !parts.contains(.sync) { record.syncIdentifier = nil; record.syncVersion = nil }
        return record
    }
}
