package import HealthDatabase
import HealthKitModel

/// The parts of the records a read maps to objects that the mapping actually reads, chosen from the types the read is
/// confined to, so the storage can leave the others out (``HealthStorage/forEachRecord(matching:sort:limit:parts:_:)``).
///
/// Only quantity and category types narrow the read: a quantity sample is built from the quantity columns, the count
/// and the payload (a series sample's values), a category sample from its value; neither reads the sync identifier
/// and version (the metadata carries them) or the parent (a correlation's members are read apart, whole). A read
/// that is not confined to such types reads whole records. A record of another kind (which only a store written past
/// the mapping can hold: a heart-rate record of kind `category`) is not covered: the reader maps it from the whole
/// record, read again (``covers(_:)``).
package struct MappedParts: Equatable {
    /// The parts to read.
    package let parts: RecordParts
    /// The kinds ``parts`` were chosen for, one bit per kind code; nil when they are every part (any kind is covered).
    /// A bit mask: hashing each row's kind into a set was 1% of a latest-100 query.
    private let kinds: UInt64?

    /// The parts a read confined to the types `confiningTypes` (nil: not confined) maps.
    package init(confinedTo confiningTypes: Set<String>?) {
        var parts: RecordParts = []
        var kinds: UInt64 = 0
        for name in confiningTypes ?? [] {
            guard let kind = Self.kind(ofType: name) else {
                parts = .all
                break
            }
            kinds |= Self.bit(kind)
            parts.formUnion(Self.parts(of: kind))
        }
        if confiningTypes == nil || parts == .all {
            (self.parts, self.kinds) = (.all, nil)
        } else {
            (self.parts, self.kinds) = (parts, kinds)
        }
    }

    /// Whether a record of `kind` read with ``parts`` has everything its object needs.
    package func covers(_ kind: RecordKind) -> Bool {
        kinds.map { $0 & Self.bit(kind) != 0 } ?? true
    }

    /// The bit of `kind` in ``kinds``.
    private static func bit(_ kind: RecordKind) -> UInt64 { 1 << UInt64(kind.code) }

    /// The kind the objects of the type named `identifier` are stored as, for the types that narrow a read.
    private static func kind(ofType identifier: String) -> RecordKind? {
        switch HKObjectType.type(forIdentifier: identifier) {
        case is HKQuantityType: .quantity
        case is HKCategoryType: .category
        default: nil
        }
    }

    /// The parts ``ObjectMapping/object(from:children:memo:)`` reads from a record of `kind` (quantity or category).
    private static func parts(of kind: RecordKind) -> RecordParts {
        switch kind {
        case .quantity: [.payload]
        case .category: [.categoryValue]
        default: .all
        }
    }
}
