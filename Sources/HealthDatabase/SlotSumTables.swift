public import Foundation

/// A type's slot sums (``SlotSum``) as the statistics cache loads them: plain values, each source by its number in
/// ``sourceNames``, so that loading hundreds of thousands of them allocates no string per row.
public struct SlotSumTable: Sendable, Equatable {
    /// One slot sum.
    public struct Entry: Sendable, Equatable {
        /// The slot (as ``SlotSum/slot``).
        public var slot: Int64
        /// The source, as an index into ``SlotSumTable/sourceNames``.
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

    /// The sources' bundle identifiers; an entry's ``Entry/source`` indexes them.
    public var sourceNames: [String]
    /// The slot sums, ordered by slot.
    public var entries: [Entry]

    /// Creates a table.
    public init(sourceNames: [String], entries: [Entry]) {
        self.sourceNames = sourceNames
        self.entries = entries
    }

    /// The table of `sums` (ordered by slot).
    public init(_ sums: [SlotSum]) {
        var names = SourceNumbering()
        self.entries = sums.map {
            Entry(slot: $0.slot, source: names.number($0.source), total: $0.total, count: $0.count, device: $0.device)
        }
        self.sourceNames = names.names
    }

    /// The slot sums of the table.
    public var sums: [SlotSum] {
        entries.map { SlotSum(slot: $0.slot, source: sourceNames[Int($0.source)], total: $0.total, count: $0.count, device: $0.device) }
    }
}

/// A type's raw samples (``RawSample``) as the statistics cache loads them: plain values, each source by its number
/// in ``sourceNames``.
public struct RawSampleTable: Sendable, Equatable {
    /// One raw sample.
    public struct Entry: Sendable, Equatable {
        /// When it starts.
        public var start: Date
        /// When it ends (not before ``start``).
        public var end: Date
        /// The sample's UUID.
        public var uuid: UUID
        /// The source, as an index into ``RawSampleTable/sourceNames``.
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

    /// The sources' bundle identifiers; an entry's ``Entry/source`` indexes them.
    public var sourceNames: [String]
    /// The raw samples, in no particular order.
    public var entries: [Entry]

    /// Creates a table.
    public init(sourceNames: [String], entries: [Entry]) {
        self.sourceNames = sourceNames
        self.entries = entries
    }

    /// The table of `samples`.
    public init(_ samples: [RawSample]) {
        var names = SourceNumbering()
        self.entries = samples.map {
            Entry(start: $0.interval.start, end: $0.interval.end, uuid: $0.uuid, source: names.number($0.source),
                  userEntered: $0.userEntered, device: $0.device)
        }
        self.sourceNames = names.names
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
