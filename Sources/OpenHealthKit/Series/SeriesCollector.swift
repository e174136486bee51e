import Foundation
import HealthKitModel
import HealthLocking

/// What a series builder collects (heartbeats, route locations, quantities) and its metadata, and the builder's life: collecting,
/// finishing, finished or discarded. Every change runs on a background queue, as HealthKit's builders do; once the
/// series is finished or discarded, every call fails with `HKError(.errorInvalidArgument)`.
final class SeriesCollector<Item: Sendable>: Sendable {
    /// What has been collected.
    struct Contents {
        /// The items, in the order they were added.
        var items: [Item] = []
        /// The metadata added (later values win).
        var metadata: [String: Any] = [:]
    }

    private enum Phase { case collecting, finishing, finished, discarded }

    /// The store the series is saved to.
    let store: HKHealthStore
    /// What the builder makes, for error messages ("heartbeat series", "route").
    private let noun: String
    private let state = Locked((contents: Contents(), phase: Phase.collecting))

    init(store: HKHealthStore, noun: String) {
        self.store = store
        self.noun = noun
    }

    /// Applies `change` to the contents on a background queue, then calls `completion`.
    func update(_ completion: @escaping @Sendable (Bool, (any Error)?) -> Void,
                _ change: @escaping @Sendable (inout Contents) throws -> Void) {
        store.dispatch({ try self.updateNow(change) }, reporting: completion)
    }

    /// Applies `change` to the contents on a background queue; throws as `update(_:_:)` reports.
    func update(_ change: @escaping @Sendable (inout Contents) throws -> Void) async throws {
        try await store.perform { try self.updateNow(change) }
    }

    /// Adds metadata validated on the caller's thread.
    func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let checked = MetadataBox.validated(metadata)
        update(completion) { try $0.metadata.merge(checked.get().value) { $1 } }
    }

    /// Adds metadata validated on the caller's thread; throws as `addMetadata(_:completion:)` reports.
    func addMetadata(_ metadata: [String: Any]) async throws {
        let checked = MetadataBox.validated(metadata)
        try await update { try $0.metadata.merge(checked.get().value) { $1 } }
    }

    /// Makes and saves the series from the contents on a background queue (`make` saves it), then calls `completion`.
    /// On failure the builder keeps collecting and may finish again.
    func finish<Output: Sendable>(_ make: @escaping @Sendable (Contents) throws -> Output,
                                  completion: @escaping @Sendable (Output?, (any Error)?) -> Void) {
        store.dispatch({ try self.finishing(make) }) { result in
            switch result {
            case .success(let output): completion(output, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Makes and saves the series; throws as `finish(_:completion:)` reports.
    func finish<Output: Sendable>(_ make: @escaping @Sendable (Contents) throws -> Output) async throws -> Output {
        try await store.perform { try self.finishing(make) }
    }

    /// Drops everything collected; later calls fail.
    func discard() {
        state.withLock { $0 = (Contents(), .discarded) }
    }

    /// Applies `change` to the contents on the caller's thread (for builders whose HealthKit API is synchronous).
    func updateNow(_ change: (inout Contents) throws -> Void) throws {
        try state.withLock { state in
            try requireCollecting(state.phase)
            try change(&state.contents)
        }
    }

    /// Makes and saves the series on the caller's thread (for a workout builder finishing its route builder).
    func finishNow<Output>(_ make: (Contents) throws -> Output) throws -> Output {
        try finishing(make)
    }

    private func finishing<Output>(_ make: (Contents) throws -> Output) throws -> Output {
        let contents = try state.withLock { state in
            try requireCollecting(state.phase)
            state.phase = .finishing
            return state.contents
        }
        do {
            let output = try make(contents)
            state.withLock { $0 = (Contents(), .finished) }
            return output
        } catch {
            state.withLock { $0.phase = .collecting }
            throw error
        }
    }

    private func requireCollecting(_ phase: Phase) throws(HKError) {
        switch phase {
        case .collecting: return
        case .finishing: throw HKError(.errorInvalidArgument, "The \(noun) is being finished")
        case .finished: throw HKError(.errorInvalidArgument, "The \(noun) has already been finished")
        case .discarded: throw HKError(.errorInvalidArgument, "The \(noun) builder was discarded")
        }
    }
}
