public import Foundation

/// A position in the store's change log, returned by anchored queries to resume from later.
///
/// Opaque in HealthKit. In OpenHealthKit an anchor wraps the change position: the anchored query reports
/// the changes after it. Persist it with `Codable` (a single integer), with `NSKeyedArchiver` (it conforms
/// to `NSSecureCoding`, encoding the position under `"HKQueryAnchorValue"`), or as ``rawValue``
/// (OpenHealthKit extension). Anchors of one database mean nothing in another.
open class HKQueryAnchor: NSObject, NSCopying, NSSecureCoding, Codable, @unchecked Sendable {
    /// The change position (OpenHealthKit extension): changes after it are new to the holder.
    public let rawValue: Int64

    /// An anchor at change position `rawValue` (OpenHealthKit extension).
    public init(rawValue: Int64) {
        self.rawValue = max(0, rawValue)
        super.init()
    }

    /// An anchor from an integer anchor of the pre-iOS 9 API (`HKAnchoredObjectQueryNoAnchor` is 0).
    public convenience init(fromValue value: Int) {
        self.init(rawValue: Int64(value))
    }

    /// The key the position is archived under.
    private static let codingKey = "HKQueryAnchorValue"

    /// Anchors archive securely.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the position.
    public func encode(with coder: NSCoder) {
        coder.encode(rawValue, forKey: Self.codingKey)
    }

    /// Unarchives an anchor; fails when the archive holds no position.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: Self.codingKey) else { return nil }
        rawValue = max(0, coder.decodeInt64(forKey: Self.codingKey))
        super.init()
    }

    /// Decodes an anchor from a single integer.
    public required convenience init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int64.self))
    }

    /// Encodes the anchor as a single integer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Anchors are equal when their positions are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKQueryAnchor)?.rawValue == rawValue
    }

    /// A hash of the position.
    public override var hash: Int { rawValue.hashValue }

    /// Returns `self`: anchors are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// `HKQueryAnchor(position)`.
    public override var description: String { "HKQueryAnchor(\(rawValue))" }
}

/// The anchor of the pre-iOS 9 integer API meaning "from the beginning".
public let HKAnchoredObjectQueryNoAnchor: Int = 0
