/// A value kept in one shared heap box: copies share the box until one of them changes the value.
///
/// The records a read hands out are built into large arrays and passed along several times; stored inline, each
/// copy moved every byte and retained every string of its value. Boxed, a copy is one retain, two copies of one
/// value are equal at once (``isIdentical(to:)``), and a change made through a copy that shares its box copies the box
/// first. Equality, hashing and coding are the value's own.
///
/// Inlinable, with the records built on it, so that another module reads a property in place: called, each read of a
/// record's property from the mapping layer returned a copy (a retain, and a release after).
///
/// The box is a `ManagedBuffer` whose header is the value, reached through its pointer: a class's stored property
/// would be checked for exclusive access at run time on every read (`swift_beginAccess`), which made each property
/// read of a record cost more than the rest of the save path's bookkeeping.
@usableFromInline
struct CopyOnWrite<Value: Hashable & Codable & Sendable>: Hashable, Codable, @unchecked Sendable {
    @usableFromInline var box: ManagedBuffer<Value, Void>

    /// Boxes `value`.
    @inlinable init(_ value: Value) { box = .create(minimumCapacity: 0) { _ in value } }

    /// Where the value lives (valid while the box does).
    @inlinable var pointer: UnsafeMutablePointer<Value> { box.withUnsafeMutablePointerToHeader { $0 } }

    /// The value, read in place; changing it first copies a box that another copy shares.
    @inlinable var value: Value {
        _read { yield pointer.pointee }
        _modify {
            if !isKnownUniquelyReferenced(&box) { self = CopyOnWrite(pointer.pointee) }
            yield &pointer.pointee
        }
    }

    /// Whether `other` shares this box, which implies equality and costs a pointer comparison.
    @inlinable func isIdentical(to other: Self) -> Bool { box === other.box }

    @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || lhs.value == rhs.value }

    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// Decodes the value itself (no wrapping key).
    @usableFromInline init(from decoder: any Decoder) throws { self.init(try Value(from: decoder)) }

    /// Encodes the value itself (no wrapping key).
    @usableFromInline func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
