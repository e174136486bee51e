public import Testing

/// The loopback rig is one server for every suite that uses it: its authorization server's knobs (consent, token
/// lifetime) are global and its patient is shared, so one suite's writes and knob changes would break another's exact
/// counts. Suites that use the rig take this trait and run one at a time; tests inside a suite are serialized by the
/// suite's own `.serialized`.
public struct ProviderRigExclusive: SuiteTrait, TestScoping {
    /// Only the suite as a whole holds the rig.
    public var isRecursive: Bool { false }

    /// Runs the suite while it alone holds the rig.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await RigTurn.shared.exclusive(function)
    }
}

extension Trait where Self == ProviderRigExclusive {
    /// The suite uses the loopback provider rig and must not overlap another suite that does.
    public static var providerRigExclusive: Self { Self() }
}

/// One holder at a time, waiting without blocking a thread; a holder's own child tasks go straight through.
actor RigTurn {
    static let shared = RigTurn()
    @TaskLocal static var holding = false
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` as the only holder (at once when this task already holds the turn).
    nonisolated func exclusive(_ body: @Sendable () async throws -> Void) async throws {
        if Self.holding { return try await body() }
        await take()
        do {
            try await Self.$holding.withValue(true) { try await body() }
        } catch {
            await give()
            throw error
        }
        await give()
    }

    private func take() async {
        guard busy else { busy = true; return }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }
}
