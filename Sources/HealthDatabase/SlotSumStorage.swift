public import Foundation

/// The summed values of one source's quantity samples that lie wholly inside one summary slot (per device, where
/// the engine summarises devices: ``SlotSumStorage/slotSumDevices(matching:)``).
public struct SlotSum: Sendable, Hashable {
    /// The slot: `[slot × slotSeconds, (slot + 1) × slotSeconds)` in seconds since 1970 (UTC).
    public var slot: Int64
    /// The source's bundle identifier.
    public var source: String
    /// The sum of the samples' canonical values.
    public var total: Double
    /// How many samples.
    public var count: Int
    /// The engine's id of the samples' device, 0 for none (always 0 where the engine does not summarise devices).
    public var device: Int64

    /// Creates a slot sum.
    public init(slot: Int64, source: String, total: Double, count: Int, device: Int64 = 0) {
        self.slot = slot
        self.source = source
        self.total = total
        self.count = count
        self.device = device
    }
}

/// A quantity sample the summaries leave to be read: its interval, source and UUID.
public struct RawSample: Sendable, Hashable {
    /// When the sample starts and ends.
    public var interval: DateInterval
    /// The source's bundle identifier.
    public var source: String
    /// The sample's UUID.
    public var uuid: UUID
    /// Whether it carries `HKWasUserEntered = 1`.
    public var userEntered: Bool
    /// The engine's id of its device, 0 for none (as in ``SlotSum/device``).
    public var device: Int64

    /// Creates a raw sample entry.
    public init(interval: DateInterval, source: String, uuid: UUID, userEntered: Bool = false, device: Int64 = 0) {
        self.interval = interval
        self.source = source
        self.uuid = uuid
        self.userEntered = userEntered
        self.device = device
    }
}

/// One quantity sample as statistics read it: its interval, value, source and whether a person entered it — no
/// UUID, device, metadata or payload, so the samples of a long window read at the engine's pace.
public struct QuantityValue: Sendable, Hashable {
    /// Start and end, in seconds since 1970.
    public var start: Double
    /// End, in seconds since 1970.
    public var end: Double
    /// The value in the type's canonical unit.
    public var quantity: Double
    /// The value as saved, and the unit it was saved in.
    public var original: (value: Double, unit: String)? {
        get { originalUnit.map { (originalValue, $0) } }
        set { originalValue = newValue?.value ?? 0; originalUnit = newValue?.unit }
    }
    private var originalValue: Double
    private var originalUnit: String?
    /// The source's bundle identifier.
    public var source: String
    /// Whether the sample carries `HKWasUserEntered = 1`.
    public var userEntered: Bool

    /// Creates a value.
    public init(start: Double, end: Double, quantity: Double, original: (value: Double, unit: String)?, source: String,
                userEntered: Bool) {
        self.start = start
        self.end = end
        self.quantity = quantity
        self.originalValue = original?.value ?? 0
        self.originalUnit = original?.unit
        self.source = source
        self.userEntered = userEntered
    }
}

/// Figures the statistics layer derived from the summaries and keeps with them (an opaque blob), with the change
/// position and deletion mark (``SlotSumStorage/deletedSlots(after:)``) the figures reflect: a reader applies the
/// changes after them before trusting any figure.
public struct FiguresNote: Sendable, Equatable {
    /// The change position the figures reflect.
    public var position: Int64
    /// The deletion mark the figures reflect.
    public var deletedMark: Int64
    /// The figures, in the statistics layer's own encoding.
    public var data: Data

    /// Creates a note.
    public init(position: Int64, deletedMark: Int64, data: Data) {
        self.position = position
        self.deletedMark = deletedMark
        self.data = data
    }
}

/// Derived summaries for fast statistics, kept by the engine in the same transaction as every save and delete,
/// so they are never stale (optional: engines without them answer statistics from the samples).
///
/// Every quantity sample is either **summed** into its slot — the fixed UTC slot of ``slotSeconds`` that wholly
/// contains it — per source, or listed as **raw**: it crosses a slot edge, or it was entered by the person
/// (`HKWasUserEntered`), so statistics must read it. Every real time-zone offset is a multiple of 15 minutes, so a
/// calendar interval of an hour or longer is a union of whole slots.
public protocol SlotSumStorage: HealthStorage {
    /// The slot length in seconds (900).
    var slotSeconds: Double { get }

    /// Makes sure the summaries exist and are kept from now on (installs them on first use). Ends a collection
    /// (``collectSlotSums()``), using its totals when they describe the store.
    func prepareSlotSums() throws

    /// Before a bulk import (`health import`, the server's imports): when the store is empty and has no summaries,
    /// the engine totals the summaries of the saves that follow as it stores them, so that the next
    /// ``prepareSlotSums()`` installs those totals instead of reading every stored sample again. The summaries are the
    /// same either way. Ends at ``prepareSlotSums()`` or ``stopCollectingSlotSums()``; the default does nothing.
    func collectSlotSums() throws

    /// Drops the totals of a collection (``collectSlotSums()``) that will not be used: an import that failed or
    /// stored nothing. The default does nothing.
    func stopCollectingSlotSums()

    /// The slot sums of quantity samples of `type` in the slots `slots` (every slot when nil), ordered by slot.
    func slotSums(type: String, slots: ClosedRange<Int64>?) throws -> [SlotSum]

    /// The raw samples of `type` (see above).
    func rawSamples(type: String) throws -> [RawSample]

    /// ``slotSums(type:slots:)`` as the statistics cache loads them (``SlotSumTable``): the same sums in the same
    /// order. The default converts ``slotSums(type:slots:)``; an engine may read them straight.
    func slotSumTable(type: String, slots: ClosedRange<Int64>?) throws -> SlotSumTable

    /// ``rawSamples(type:)`` as the statistics cache loads them (``RawSampleTable``). The default converts
    /// ``rawSamples(type:)``; an engine may read them straight.
    func rawSampleTable(type: String) throws -> RawSampleTable

    /// The slots of quantity samples deleted after deletion mark `after`, as (type, first slot, last slot), and
    /// the newest mark.
    func deletedSlots(after: Int64) throws -> (slots: [(type: String, first: Int64, last: Int64)], mark: Int64)

    /// The note kept for `type` (``FiguresNote``), or nil when there is none. Notes are dropped with the summaries.
    func figuresNote(type: String) throws -> FiguresNote?

    /// Keeps `note` for `type`, replacing the previous one; does nothing while the summaries are not installed
    /// (``prepareSlotSums()``), since the note could describe nothing.
    func setFiguresNote(_ note: FiguresNote, type: String) throws

    /// The ids (as in ``SlotSum/device``, 0 standing for samples without a device) of the devices whose samples
    /// match `filter`, a filter made only of device conditions (``SampleFilter/devices(_:)``,
    /// ``SampleFilter/deviceProperty(key:values:)`` and their `and`, `or`, `not`); nil when the engine's summaries
    /// carry no device (the default), so statistics with a device predicate read the samples.
    func slotSumDevices(matching filter: SampleFilter) throws -> Set<Int64>?

    /// The quantity samples matching `filter`, as statistics read them (in no particular order); with `starts`, only
    /// samples of `type` starting in that range (seconds since 1970), read along the type's start index whatever
    /// other date bounds `filter` has.
    func quantityValues(matching filter: SampleFilter, type: String, starts: Range<Double>?) throws -> [QuantityValue]
}

extension SlotSumStorage {
    /// See ``SlotSumStorage/collectSlotSums()``: nothing collected, the install reads the samples.
    public func collectSlotSums() throws {}

    /// See ``SlotSumStorage/stopCollectingSlotSums()``.
    public func stopCollectingSlotSums() {}

    /// See ``SlotSumStorage/slotSumDevices(matching:)``: nil, summaries without a device dimension.
    public func slotSumDevices(matching filter: SampleFilter) throws -> Set<Int64>? { nil }
}
