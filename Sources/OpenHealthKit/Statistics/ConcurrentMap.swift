import Foundation
import HealthLocking

/// How many cores the process may use, read once. On Linux, `ProcessInfo.activeProcessorCount` reads the cgroup's CPU
/// quota files on every call: asked per query, that was about a tenth of a 100-sample `HKSampleQuery`'s CPU time.
package let activeCores = ProcessInfo.processInfo.activeProcessorCount

extension Array where Element: Sendable {
    /// `transform` applied to every element, spread over the machine's cores (`DispatchQueue.concurrentPerform`),
    /// results in the elements' order. Throws the first element's error, in order, after all have run.
    func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) throws -> T) throws -> [T] {
        let results = Locked([Result<T, any Error>?](repeating: nil, count: count))
        let elements = self
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            let result = Result { try transform(elements[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.current.map { try $0!.get() }
    }
}

