import Foundation
import OpenHealthKit

/// Records' metadata converted once per distinct list of entries: a heart rate's motion context or a time zone recurs on
/// thousands of records, and converting it (typed values, the identity hash's part, the store's fields) was a tenth of
/// a record's cost. Lists longer than ``longestRemembered`` bytes are converted each time.
struct MetadataMemo {
    /// Metadata converted from a record's entries, with its part of the identity hash and its columns in the store
    /// (nil when they cannot be made: the record's mapping then reports why).
    struct Converted {
        /// The typed metadata (nil for no entries).
        let metadata: [String: Any]?
        /// What the metadata adds to the record's identity hash.
        let identity: (UInt64, UInt64)?
        /// The metadata's fields and sync columns.
        let columns: MetadataColumns?
    }

    private var memo = ByteMemo<Converted>()
    /// The entries being looked up, as one key (reused, so a lookup allocates nothing).
    private var key: [UInt8] = []
    /// The longest entry list (in bytes of key) remembered.
    static let longestRemembered = 512

    /// The typed metadata of `entries` (converted by `converter` the first time), its identity part and its columns.
    mutating func converted(_ entries: [(key: String, value: String)], by converter: inout MetadataConverter) -> Converted {
        guard !entries.isEmpty else { return Converted(metadata: nil, identity: nil, columns: nil) }
        // The key: each text's length, then its bytes.
        key.removeAll(keepingCapacity: true)
        func append(_ text: String) {
            withUnsafeBytes(of: text.utf8.count) { key.append(contentsOf: $0) }
            key.append(contentsOf: text.utf8)
        }
        for entry in entries {
            append(entry.key)
            append(entry.value)
        }
        let remembered = key.count <= Self.longestRemembered
        if remembered, let known = key.withUnsafeBufferPointer({ memo.cached($0) }) { return known }
        let metadata = converter.metadata(entries)
        let made = Converted(metadata: metadata, identity: MetadataConverter.identity(of: metadata), columns: try? MetadataColumns(metadata))
        if remembered { key.withUnsafeBufferPointer { memo.insert(made, for: $0) } }
        return made
    }
}
