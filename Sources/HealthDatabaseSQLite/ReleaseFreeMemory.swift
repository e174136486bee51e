import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process has freed back to the system (glibc's `malloc_trim`, looked up at run time since Swift's
/// Glibc module does not declare it; nothing elsewhere).
enum ReleaseFreeMemory {
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif

    /// Releases what can be released now.
    static func now() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
