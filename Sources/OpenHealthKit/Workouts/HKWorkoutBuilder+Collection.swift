public import Foundation
public import HealthKitModel
import HealthLocking

// Collecting: beginCollection, add samples / events / metadata / activities, endCollection.
// Each has HealthKit's completion-handler form (the handler runs on a background queue) and its async form.
extension HKWorkoutBuilder {
    /// Sets the workout's start date and begins collecting; fails if collection already began.
    public func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        update(completion) { try $0.begin(at: startDate) }
    }

    /// Sets the workout's start date and begins collecting; throws if collection already began.
    public func beginCollection(at startDate: Date) async throws {
        try await update { try $0.begin(at: startDate) }
    }

    /// Adds samples to be saved with, and associated with, the workout. Needs sharing authorization for their
    /// types (`errorAuthorizationNotDetermined` / `errorAuthorizationDenied`); a sample added twice counts once. A
    /// sample already in the store (the app's own) is associated with the workout when it finishes, not saved again.
    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        update(completion, check: { try self.checkSaving(samples) }, after: { self.collected(samples) }) { try $0.add(samples: samples) }
    }

    /// Adds samples to be saved with, and associated with, the workout; throws as `add(_:completion:)` reports.
    public func addSamples(_ samples: [HKSample]) async throws {
        try await update(check: { try self.checkSaving(samples) }, after: { self.collected(samples) }) { try $0.add(samples: samples) }
    }

    /// Adds events (pauses, resumes, laps, segments, markers); each must start at or after the workout's start.
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        update(completion, after: { self.collectedEvents() }) { try $0.add(events: workoutEvents) }
    }

    /// Adds events; throws as `addWorkoutEvents(_:completion:)` reports.
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        try await update(after: { self.collectedEvents() }) { try $0.add(events: workoutEvents) }
    }

    /// Adds metadata to the workout (values for keys already added replace them); invalid metadata fails.
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let checked = MetadataBox.validated(metadata)
        update(completion) { try $0.add(metadata: try checked.get().value) }
    }

    /// Adds metadata to the workout; throws as `addMetadata(_:completion:)` reports.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        let checked = MetadataBox.validated(metadata)
        try await update { try $0.add(metadata: try checked.get().value) }
    }

    /// Adds an activity (iOS 16): it must start at or after the workout's start and not overlap another
    /// activity. An activity still open when collection ends ends with the workout.
    public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        update(completion) { try $0.add(activity: workoutActivity) }
    }

    /// Adds an activity; throws as `addWorkoutActivity(_:completion:)` reports.
    public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws {
        try await update { try $0.add(activity: workoutActivity) }
    }

    /// Sets the end date of an activity already added; fails for an unknown activity or an end before its start.
    public func updateActivity(uuid UUID: UUID, end endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        update(completion) { try Self.end(activity: UUID, at: endDate, in: &$0) }
    }

    /// Sets the end date of an activity already added; throws as `updateActivity(uuid:end:completion:)` reports.
    public func updateActivity(uuid UUID: UUID, end endDate: Date) async throws {
        try await update { try Self.end(activity: UUID, at: endDate, in: &$0) }
    }

    /// Adds metadata to an activity already added.
    public func updateActivity(uuid UUID: UUID, adding metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let checked = MetadataBox.validated(metadata)
        update(completion) { state in
            let metadata = try checked.get().value
            try state.updateActivity(UUID) { WorkoutBuilderActivities.adding(metadata, to: $0) }
        }
    }

    /// Adds metadata to an activity already added; throws as `updateActivity(uuid:adding:completion:)` reports.
    public func updateActivity(uuid UUID: UUID, adding metadata: [String: Any]) async throws {
        let checked = MetadataBox.validated(metadata)
        try await update { state in
            let metadata = try checked.get().value
            try state.updateActivity(UUID) { WorkoutBuilderActivities.adding(metadata, to: $0) }
        }
    }

    /// Stops collecting and sets the workout's end date; events and activities must not reach past it.
    public func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        update(completion) { try $0.end(at: endDate) }
    }

    /// Stops collecting and sets the workout's end date; throws as `endCollection(withEnd:completion:)` reports.
    public func endCollection(at endDate: Date) async throws {
        try await update { try $0.end(at: endDate) }
    }

    // MARK: - Running changes

    /// A change to the builder's state, made on a background queue after `check`.
    typealias Change = @Sendable (inout WorkoutBuilderState) throws -> Void

    private func update(_ completion: @escaping @Sendable (Bool, (any Error)?) -> Void,
                        check: @escaping @Sendable () throws -> Void = {}, after: @escaping @Sendable () -> Void = {},
                        _ change: @escaping Change) {
        inOrder({ try self.apply(check, change, after) }) { completion($0.error == nil, $0.error) }
    }

    private func update(check: @escaping @Sendable () throws -> Void = {}, after: @escaping @Sendable () -> Void = {},
                        _ change: @escaping Change) async throws {
        try await inOrder { try self.apply(check, change, after) }
    }

    /// Runs `work` on the builder's operations queue after every operation called before it, and hands its result
    /// to `completion` on a global queue (errors as `HKError`).
    func inOrder<T: Sendable>(_ work: @escaping @Sendable () throws -> T,
                              completion: @escaping @Sendable (Result<T, HKError>) -> Void) {
        operations.async {
            let result = Result { try work() }.mapError(HKError.from)
            DispatchQueue.global(qos: .userInitiated).async { completion(result) }
        }
    }

    /// Runs `work` after every operation called before it and returns its result.
    func inOrder<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            inOrder(work) { continuation.resume(with: $0) }
        }
    }

    /// Checks, changes the state, then (after a successful change, outside the lock) runs `after`.
    private func apply(_ check: () throws -> Void, _ change: Change, _ after: () -> Void = {}) throws {
        try check()
        try state.withLock { try change(&$0) }
        after()
    }

    /// Checks, before anything is kept, that the builder is collecting and the store could save `samples`.
    private func checkSaving(_ samples: [HKSample]) throws {
        try state.withLock { try $0.requireCollecting("add samples") }
        let records = try healthStore.stampedRecords(for: samples)
        try healthStore.requireSharing(try healthStore.typesToShare(records), in: try healthStore.storage())
    }

    private static func end(activity uuid: UUID, at end: Date, in state: inout WorkoutBuilderState) throws {
        try state.updateActivity(uuid) { activity throws(HKError) in
            guard end >= activity.startDate else {
                throw HKError(.errorInvalidArgument, "The workout activity \(uuid) cannot end (\(end)) before it starts (\(activity.startDate))")
            }
            return WorkoutBuilderActivities.ending(activity, at: end)
        }
    }
}

/// Validated metadata, immutable once made, so it may cross to the background queue.
struct MetadataBox: @unchecked Sendable {
    let value: [String: Any]

    /// `metadata` validated on the caller's thread, to be carried to the background queue.
    static func validated(_ metadata: [String: Any]) -> Result<MetadataBox, HKError> {
        do throws(HKError) {
            try MetadataValidation.validate(metadata)
            return .success(MetadataBox(value: MetadataValidation.normalized(metadata) ?? [:]))
        } catch {
            return .failure(error)
        }
    }
}
