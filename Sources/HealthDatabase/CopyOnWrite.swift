/// A value kept in one shared heap box: copies share the box until one of them changes the value.
///
/// The records a read hands out are built into large arrays and passed along several times; stored inline, each
/// copy moved every byte and retained every string of its value. Boxed, a copy is one retain, two copies of one
/// value are equal at once (``isIdentical(to:)``), and a change made through a copy that shares its box copies the box
/// first. Equality, hashing and coding are the value's own.
struct CopyOnWrite<Value: Hashable & Codable & Sendable>: Hashable, Codable, @unchecked Sendable {
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// Boxes `value`.
    init(_ value: Value) { box = Box(value) }

    /// The value; changing it first copies a box that another copy shares.
    var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Whether `other` shares this box, which implies equality and costs a pointer comparison.
    func isIdentical(to other: Self) -> Bool { box === other.box }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || lhs.box.value == rhs.box.value }

    func hash(into hasher: inout Hasher) { hasher.combine(box.value) }

    /// Decodes the value itself (no wrapping key).
    init(from decoder: any Decoder) throws { self.init(try Value(from: decoder)) }

    /// Encodes the value itself (no wrapping key).
    func encode(to encoder: any Encoder) throws { try box.value.encode(to: encoder) }
}
