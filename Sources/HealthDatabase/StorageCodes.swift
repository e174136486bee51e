import Foundation

// The fixed integer codes engines store record kinds and field values under. Shared by every engine, so a record
// reads back the same whichever stored it. Fixed forever: stored databases depend on them.

extension RecordKind {
    /// The kind's code in an engine's `kind` column.
    package var code: Int64 {
        switch self {
        case .quantity: 1
        case .category: 2
        case .correlation: 3
        case .workout: 4
        case .document: 5
        case .clinical: 6
        case .verifiableRecord: 7
        case .other: 8
        case .part: 9
        }
    }

    /// The kind stored as `code`, nil for a code no kind has.
    package init?(code: Int64) {
        guard let index = Int(exactly: code), Self.byCode.indices.contains(index), let kind = Self.byCode[index] else { return nil }
        self = kind
    }

    /// The kinds by code, nil where no kind has the code. An array, not a dictionary: every row a read decodes looks its
    /// kind up, and hashing the code was about 1% of mapping the latest 100 heart-rate samples.
    private static let byCode: [RecordKind?] = (0 ... allCases.map(\.code).max()!).map { code in allCases.first { $0.code == code } }
}

/// How a ``FieldValue`` is spread over an engine's field columns.
package enum FieldCoding {
    /// The kind tag, the `text` column (text values only), the `num` column (anything a filter compares
    /// as a number) and the `extra` column (a quantity's original text).
    package static func columns(_ value: FieldValue) -> (kind: Int, text: String?, number: Double?, extra: String?) {
        switch value {
        case .text(let text): (0, text, nil, nil)
        case .number(let number): (1, nil, number, nil)
        case .bool(let bool): (2, nil, bool ? 1 : 0, nil)
        case .date(let date): (3, nil, date.timeIntervalSince1970, nil)
        case .quantity(let base, let text): (4, nil, base, text)
        }
    }

    /// The value stored in a field row.
    package static func value(kind: Int, text: String?, number: Double?, extra: String?) throws -> FieldValue {
        switch kind {
        case 0: return .text(text ?? "")
        case 1: return .number(number ?? 0)
        case 2: return .bool((number ?? 0) != 0)
        case 3: return .date(Date(timeIntervalSince1970: number ?? 0))
        case 4: return .quantity(base: number ?? 0, text: extra ?? "")
        default: throw StorageError.unavailable("a field has an unknown kind \(kind)")
        }
    }
}

extension SourceRecord {
    /// The dedupe key engines store a source revision under: every part, with absent parts told apart from empty ones.
    package var storageKey: String {
        [bundleIdentifier, name, version, productType, operatingSystemVersion]
            .map { $0.map { "+" + StorageKeyEscaping.escape($0) } ?? "-" }.joined(separator: "\u{1F}")
    }
}

extension DeviceRecord {
    /// The dedupe key engines store a device under: its properties sorted by name.
    package var storageKey: String {
        properties.sorted { $0.key < $1.key }
            .map { StorageKeyEscaping.escape($0.key) + "\u{1E}" + StorageKeyEscaping.escape($0.value) }.joined(separator: "\u{1F}")
    }
}

private enum StorageKeyEscaping {
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\u{1F}" || $0 == "\u{1E}" || $0 == "\\" }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\u{1F}", with: "\\u").replacingOccurrences(of: "\u{1E}", with: "\\r")
    }
}
