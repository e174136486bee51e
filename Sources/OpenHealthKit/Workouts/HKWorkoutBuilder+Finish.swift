import Foundation
import HealthDatabase
public import HealthKitModel
import HealthLocking

// Finishing: the workout made from what was collected, saved with its samples in one transaction.
extension HKWorkoutBuilder {
    /// Creates the workout from the collected samples, events, activities and metadata and saves it, with the
    /// samples associated with it, in one transaction. Collection must have ended (`endCollection`); the app needs
    /// sharing authorization for workouts and for the samples' types. On failure nothing is saved and the
    /// builder may finish again; on success the handler gets the saved workout.
    public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        inOrder({ try self.finish() }) { result in
            switch result {
            case .success(let workout): completion(workout, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Creates and saves the workout; throws as `finishWorkout(completion:)` reports.
    public func finishWorkout() async throws -> HKWorkout? {
        try await inOrder { try self.finish() }
    }

    /// Abandons the builder: nothing collected is saved, and every later call fails.
    public func discardWorkout() {
        state.withLock { $0.discard() }
    }

    private func finish() throws -> HKWorkout {
        let collected = try state.withLock { try $0.beginFinishing() }
        do {
            let workout = try makeWorkout(collected)
            try save(workout, with: collected.samples)
            state.withLock { $0.completeFinishing(succeeded: true) }
            finishSeries(with: workout)
            return workout
        } catch {
            state.withLock { $0.completeFinishing(succeeded: false) }
            throw error
        }
    }

    /// The workout `collected` describes, stamped with the app's source revision.
    private func makeWorkout(_ collected: WorkoutBuilderState) throws(HKError) -> HKWorkout {
        guard let start = collected.startDate, let end = collected.endDate else {
            throw HKError(.errorInvalidArgument, "Cannot finish the workout: collection has not ended")
        }
        let activities = collected.activities.map {
            WorkoutBuilderActivities.completed($0, workoutEnd: end, events: collected.events, samples: collected.samples)
        }
        var metadata = collected.metadata
        if metadata[HKMetadataKeyIndoorWorkout] == nil, let indoor = Self.indoor(configuration: workoutConfiguration) {
            metadata[HKMetadataKeyIndoorWorkout] = NSNumber(value: indoor)
        }
        let checked = try HKWorkout.checked(
            activityType: workoutConfiguration.activityType, start: start, end: end, workoutEvents: collected.events,
            workoutActivities: activities, statistics: WorkoutBuilderStatistics.compute(collected.samples, until: end),
            device: device, metadata: metadata.isEmpty ? nil : metadata)
        return HKWorkout(activityType: checked.workoutActivityType, start: start, end: end, events: checked.workoutEvents ?? [],
                         activities: checked.workoutActivities, duration: checked.duration, statistics: checked.allStatistics,
                         uuid: checked.uuid, sourceRevision: healthStore.appRevision, device: device, metadata: checked.metadata)
    }

    /// Saves `workout` and associates `samples` with it atomically: samples not yet stored are saved under it,
    /// samples already stored move under it (``WorkoutAssociation`` has the rules).
    private func save(_ workout: HKWorkout, with samples: [HKSample]) throws {
        let storage = try healthStore.storage()
        let plan = try WorkoutAssociation(samples, with: workout.uuid, for: healthStore, in: storage)
        try healthStore.writer.save(try ObjectMapping.records(from: workout) + plan.records, associating: plan.association,
                                    rules: .app)
    }

    /// Whether the configuration says indoors (`true`), outdoors (`false`) or neither (`nil`).
    private static func indoor(configuration: HKWorkoutConfiguration) -> Bool? {
        switch configuration.locationType {
        case .indoor: true
        case .outdoor: false
        default: nil
        }
    }
}
