public import Foundation

/// Rows that name their source by a number, an index into ``sourceNames``: the form in which the statistics cache
/// loads a type's summaries (``SlotSumTable``, ``RawSampleTable``), so that hundreds of thousands of rows allocate no
/// string each.
public struct SourceNumberedTable<Entry: Sendable & Equatable>: Sendable, Equatable {
    /// The sources' bundle identifiers; a row's source number indexes them.
    public var sourceNames: [String]
    /// The rows.
    public var entries: [Entry]

    /// Creates a table.
    public init(sourceNames: [String], entries: [Entry]) {
        self.sourceNames = sourceNames
        self.entries = entries
    }
}

/// A type's slot sums (``SlotSum``), ordered by slot, as plain values.
public typealias SlotSumTable = SourceNumberedTable<SlotSumEntry>

/// A type's raw samples (``RawSample``), in no particular order, as plain values.
public typealias RawSampleTable = SourceNumberedTable<RawSampleEntry>

/// One slot sum of a ``SlotSumTable``.
public struct SlotSumEntry: Sendable, Equatable {
    /// The slot (as ``SlotSum/slot``).
    public var slot: Int64
    /// The source, as an index into the table's ``SourceNumberedTable/sourceNames``.
    public var source: Int32
    /// The sum of the samples' canonical values.
    public var total: Double
    /// How many samples.
    public var count: Int
    /// The device (as ``SlotSum/device``).
    public var device: Int64

    /// Creates an entry.
    public init(slot: Int64, source: Int32, total: Double, count: Int, device: Int64) {
        self.slot = slot
        self.source = source
        self.total = total
        self.count = count
        self.device = device
    }
}

/// One raw sample of a ``RawSampleTable``.
public struct RawSampleEntry: Sendable, Equatable {
    /// When it starts.
    public var start: Date
    /// When it ends (not before ``start``).
    public var end: Date
    /// The sample's UUID.
    public var uuid: UUID
    /// The source, as an index into the table's ``SourceNumberedTable/sourceNames``.
    public var source: Int32
    /// Whether it carries `HKWasUserEntered = 1`.
    public var userEntered: Bool
    /// The device (as ``RawSample/device``).
    public var device: Int64

    /// Creates an entry; an `end` before `start` is taken as `start`.
    public init(start: Date, end: Date, uuid: UUID, source: Int32, userEntered: Bool, device: Int64) {
        self.start = start
        self.end = max(start, end)
        self.uuid = uuid
        self.source = source
        self.userEntered = userEntered
        self.device = device
    }
}

extension SourceNumberedTable where Entry == SlotSumEntry {
    /// The table of `sums` (ordered by slot).
    public init(_ sums: [SlotSum]) {
        var names = SourceNumbering()
        let entries = sums.map {
            SlotSumEntry(slot: $0.slot, source: names.number($0.source), total: $0.total, count: $0.count, device: $0.device)
        }
        self.init(sourceNames: names.names, entries: entries)
    }

    /// The slot sums of the table.
    public var sums: [SlotSum] {
        entries.map { SlotSum(slot: $0.slot, source: sourceNames[Int($0.source)], total: $0.total, count: $0.count, device: $0.device) }
    }
}

extension SourceNumberedTable where Entry == RawSampleEntry {
    /// The table of `samples`.
    public init(_ samples: [RawSample]) {
        var names = SourceNumbering()
        let entries = samples.map {
            RawSampleEntry(start: $0.interval.start, end: $0.interval.end, uuid: $0.uuid, source: names.number($0.source),
                           userEntered: $0.userEntered, device: $0.device)
        }
        self.init(sourceNames: names.names, entries: entries)
    }

    /// The raw samples of the table.
    public var samples: [RawSample] {
        entries.map {
            RawSample(interval: DateInterval(start: $0.start, end: $0.end), source: sourceNames[Int($0.source)], uuid: $0.uuid,
                      userEntered: $0.userEntered, device: $0.device)
        }
    }
}

/// Numbers bundle identifiers in the order they are first met.
package struct SourceNumbering {
    /// The identifiers numbered so far, by number.
    package private(set) var names: [String] = []
    private var numbers: [String: Int32] = [:]

    /// Creates an empty numbering.
    package init() {}

    /// The number of `name`, given it now if it has none.
    package mutating func number(_ name: String) -> Int32 {
        if let known = numbers[name] { return known }
        let number = Int32(names.count)
        names.append(name)
        numbers[name] = number
        return number
    }
}

extension SlotSumStorage {
    /// See ``SlotSumStorage/slotSumTable(type:slots:)``: built from ``SlotSumStorage/slotSums(type:slots:)``.
    public func slotSumTable(type: String, slots: ClosedRange<Int64>?) throws -> SlotSumTable {
        SlotSumTable(try slotSums(type: type, slots: slots))
    }

    /// See ``SlotSumStorage/rawSampleTable(type:)``: built from ``SlotSumStorage/rawSamples(type:)``.
    public func rawSampleTable(type: String) throws -> RawSampleTable {
        RawSampleTable(try rawSamples(type: type))
    }
}
