/// The slot totals ``SlotSumTotals`` keeps, in an open-addressing hash table of 24-byte entries: a 1,000,000-record
/// import has about 500,000 slots, which a `Dictionary` of the four-part key held in 48 MB (its buckets a power of
/// two, key and value padded); this table holds them in 17 MB and grows by half, up to ``placeLimit`` places.
///
/// Past that it refuses (``add(_:stream:slot:)``) and the totals are given up: the install reads the rows instead, on
/// disk. The table grows with the distinct slots, sources and devices, not only with the export: a 1,000,000-record
/// export naming a new device on every record (or 600 sources, 30 in every slot) makes 1,000,000 of them, and the
/// table's last growth (29 MB beside the new 43 MB) took `health import` over its 150 MB bound.
struct SlotTotalTable {
    /// The most places the table grows to: 797,161 (19 MB), which holds up to 637,728 slot totals (the
    /// 1,000,000-record demo export has 518,153).
    static let placeLimit = 800_000

    /// One slot's total: its type, source and device packed in `stream` (16, 16 and 32 bits), a count of 0 marking
    /// an empty place.
    struct Entry {
        var stream: UInt64
        var slot: Int32
        var count: UInt32
        var sum: Double

        var type: Int64 { Int64(stream >> 48) }
        var source: Int64 { Int64((stream >> 32) & 0xFFFF) }
        var device: Int64 { Int64(stream & 0xFFFF_FFFF) }

        /// `stat_slot`'s key order: type, slot, source, device.
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            (a.stream >> 48, a.slot, a.stream & 0xFFFF_FFFF_FFFF) < (b.stream >> 48, b.slot, b.stream & 0xFFFF_FFFF_FFFF)
        }
    }

    private var entries = [Entry](repeating: Entry(stream: 0, slot: 0, count: 0, sum: 0), count: 1 << 12)
    /// The places in use.
    private(set) var count = 0

    /// The packed stream of a type, source and device id, or nil when one does not fit.
    static func stream(type: Int64, source: Int64, device: Int64) -> UInt64? {
        guard (0..<(1 << 16)).contains(type), (0..<(1 << 16)).contains(source), (0..<(1 << 32)).contains(device) else { return nil }
        return UInt64(type) << 48 | UInt64(source) << 32 | UInt64(device)
    }

    /// Adds `value` to the total of `slot` in `stream` (from 0, one addition per sample, as SQLite's `sum()`); false,
    /// adding nothing, when the table would have to grow past ``placeLimit``.
    mutating func add(_ value: Double, stream: UInt64, slot: Int32) -> Bool {
        if count * 10 >= entries.count * 8 {
            guard entries.count + entries.count / 2 <= Self.placeLimit else { return false }
            grow()
        }
        var place = Self.place(stream, slot, entries.count)
        while entries[place].count != 0 {
            if entries[place].stream == stream, entries[place].slot == slot {
                entries[place].sum += value
                entries[place].count += 1
                return true
            }
            place = place + 1 == entries.count ? 0 : place + 1
        }
        entries[place] = Entry(stream: stream, slot: slot, count: 1, sum: 0 + value)
        count += 1
        return true
    }

    /// The totals in `stat_slot`'s key order; the table is empty afterwards.
    mutating func sorted() -> [Entry] {
        var all = entries
        entries = []
        count = 0
        var used = 0
        for index in all.indices where all[index].count != 0 {
            all[used] = all[index]
            used += 1
        }
        all.removeSubrange(used...)
        all.sort(by: Entry.precedes)
        return all
    }

    /// A place for the key among `capacity` (multiply-shift of a mixed key, no division).
    private static func place(_ stream: UInt64, _ slot: Int32, _ capacity: Int) -> Int {
        var hash = (stream ^ UInt64(UInt32(bitPattern: slot)) &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        return Int(hash.multipliedFullWidth(by: UInt64(capacity)).high)
    }

    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(stream: 0, slot: 0, count: 0, sum: 0), count: old.count + old.count / 2)
        for entry in old where entry.count != 0 {
            var place = Self.place(entry.stream, entry.slot, entries.count)
            while entries[place].count != 0 { place = place + 1 == entries.count ? 0 : place + 1 }
            entries[place] = entry
        }
    }
}
