import Foundation

/// How many cores the process may use, read once. On Linux, `ProcessInfo.activeProcessorCount` reads the cgroup's CPU
/// quota files on every call: asked per query, that was about a tenth of a 100-sample `HKSampleQuery`'s CPU time.
package let activeCores = ProcessInfo.processInfo.activeProcessorCount

extension Array where Element: Sendable {
    /// `transform` applied to every element, spread over the machine's cores (`DispatchQueue.concurrentPerform`),
    /// results in the elements' order. Throws the first element's error, in order, after all have run.
    func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) throws -> T) throws -> [T] {
        let results = ConcurrentResults<T>(count: count)
        let elements = self
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            results.set(index, Result { try transform(elements[index]) })
        }
        return try results.values.map { try $0!.get() }
    }
}

/// The slots ``Swift/Array/concurrentMap(_:)`` fills from several threads, under a lock.
private final class ConcurrentResults<T>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Result<T, any Error>?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<T, any Error>) { lock.withLock { values[index] = result } }
}
