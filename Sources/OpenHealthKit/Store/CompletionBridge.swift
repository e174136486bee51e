import Foundation

// How the async forms of HKHealthStore's methods reach their completion-handler forms. On Apple platforms an async
// form is a bridge the compiler writes to the Objective-C method with the completion handler, so a subclass that
// overrides the completion form changes the async form too; these helpers give OpenHealthKit's async forms the
// same shape. Errors are thrown as the completion reports them; a `false` success without an error (a test double
// may report one) throws `HKError(.unknownError)`, as Apple's bridge throws on `false`.
extension HKHealthStore {
    /// Calls `form` with a `(success, error)` handler and returns when it reports success.
    func bridge(_ form: (@escaping @Sendable (Bool, (any Error)?) -> Void) -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            form { success, error in
                continuation.resume(with: Self.outcome(success, error).map { _ in () })
            }
        }
    }

    /// Calls `form` with a `(value, error)` handler and returns the value, or throws the error it reports.
    func bridge<Value: Sendable>(_ form: (@escaping @Sendable (Value, (any Error)?) -> Void) -> Void) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            form { value, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: value) }
            }
        }
    }

    /// Calls `form` with a `(success, count, error)` handler and returns the count.
    func bridgeCount(_ form: (@escaping @Sendable (Bool, Int, (any Error)?) -> Void) -> Void) async throws -> Int {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            form { success, count, error in
                continuation.resume(with: Self.outcome(success, error).map { _ in count })
            }
        }
    }

    private static func outcome(_ success: Bool, _ error: (any Error)?) -> Result<Void, any Error> {
        if let error { return .failure(error) }
        return success ? .success(()) : .failure(HKError(.unknownError, "The operation reported failure without an error"))
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
