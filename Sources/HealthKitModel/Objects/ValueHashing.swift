import Foundation

extension Hasher {
    /// The hash of a few hashable values (package access, for the value classes' `hash`).
    package static func combined(_ values: AnyHashable?...) -> Int {
        var hasher = Hasher()
        for value in values { hasher.combine(value) }
        return hasher.finalize()
    }
}
