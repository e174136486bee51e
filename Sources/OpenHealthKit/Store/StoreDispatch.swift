import Foundation

// How every store operation runs: off the caller's thread, like HealthKit, on a global concurrent queue.
extension HKHealthStore {
    /// Runs `work` on a global queue and passes its result, errors as `HKError`, to `completion` there.
    func dispatch<T: Sendable>(
        _ work: @escaping @Sendable () throws -> T, completion: @escaping @Sendable (Result<T, HKError>) -> Void
    ) {
        DispatchQueue.global(qos: .userInitiated).async {
            completion(Result { try work() }.mapError(HKError.from))
        }
    }

    /// Runs `work` on a global queue and reports HealthKit's `(success, error)` to `completion` there: `(true, nil)`, or
    /// `(false, error)` with the error as `HKError`.
    func dispatch<T: Sendable>(_ work: @escaping @Sendable () throws -> T,
                               reporting completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        dispatch(work) { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }

    /// Runs `work` on a global queue (it may block on the database or a prompt) and returns its result;
    /// errors arrive as `HKError`.
    @discardableResult
    func perform<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            dispatch(work) { continuation.resume(with: $0) }
        }
    }
}
