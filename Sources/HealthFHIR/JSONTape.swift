/// The structure of one JSON value, recorded by ``JSONValidation`` while it checks the syntax: each object's members and
/// each array's elements as one run of ``JSONItem``s, so that ``JSONSliceDecoder`` never scans a byte again to find a
/// member or to step over a value.
struct JSONTape {
    /// The runs, one a container, a container's items together.
    var items = JSONArena<JSONItem>()
    /// Each container's run in ``items``, numbered in the order the containers open (the value itself is 0 when it is one).
    var containers = JSONArena<Range<Int>>()
    /// The items of the containers still open, innermost last (moved to ``items`` when their container closes).
    var pending = JSONArena<JSONItem>()

    /// Empties the tape for another value, keeping its memory.
    mutating func reset() {
        items.removeAll()
        containers.removeAll()
        pending.removeAll()
    }

    /// Frees the memory.
    func release() {
        items.release()
        containers.release()
        pending.release()
    }
}

/// A member of an object or an element of an array: where its name is (between the quotes; empty for an element) and
/// whether it is plain ASCII without escapes (compared byte for byte; any other is compared as the `String` it stands
/// for), where its value starts, and the value's container number (-1 for a string, number, boolean or null).
struct JSONItem {
    var name: Range<Int>
    var plain: Bool
    var value: Int
    var container: Int
}

/// A growing run of plain values whose indices stay valid, in memory of its own (no reference counting, no
/// exclusivity checks): the decoders' tape, cursors and scratch.
struct JSONArena<Element> {
    private var base = UnsafeMutablePointer<Element>.allocate(capacity: 32)
    private var capacity = 32
    private(set) var count = 0

    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    mutating func append(_ element: Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` on to the end of `other`.
    mutating func move(from start: Int, to other: inout JSONArena<Element>) {
        for index in start..<count { other.append(base[index]) }
        truncate(to: start)
    }

    mutating func truncate(to newCount: Int) {
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    mutating func removeAll() { truncate(to: 0) }

    func release() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
