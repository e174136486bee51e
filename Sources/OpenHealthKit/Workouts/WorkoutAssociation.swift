import Foundation
import HealthDatabase
import HealthKitModel

/// What associating samples with a workout writes, in one storage call: the samples not yet stored, as records whose
/// parent is the workout, and the stored ones to move under it.
///
/// Both ways of adding samples to a workout build one: `HKHealthStore.add(_:to:)` (the workout is stored already)
/// and `HKWorkoutBuilder.finishWorkout` (the workout is saved in the same call).
struct WorkoutAssociation {
    /// The records to save: the new samples (and a new correlation's members), top-level ones under the workout.
    var records: [SampleRecord]
    /// The stored samples to move under the workout.
    var association: SampleAssociation

    /// Prepares associating `samples` with the workout `workout` for `store`, checking HealthKit's rules.
    ///
    /// A sample already in the store is associated rather than saved again (the stored object is kept as it is,
    /// whatever the given object says). It must be the app's own (another source's sample fails with
    /// ``HKError/Code/errorAuthorizationDenied``: deleting the workout deletes its samples, and an app may only delete
    /// its own), and must not belong to a correlation or another workout (``HKError/Code/errorInvalidArgument``). A
    /// workout cannot be added to a workout, nor a workout effort sample (it is related to one instead, see
    /// ``WorkoutEffort``). The app needs sharing authorization for every sample's type.
    init(_ samples: [HKSample], with workout: UUID, for store: HKHealthStore, in storage: any HealthStorage) throws {
        try WorkoutEffort.requireNoEffort(samples)
        if let nested = samples.first(where: { $0 is HKWorkout }) {
            throw HKError(.errorInvalidArgument, "A workout (\(nested.uuid)) cannot be added to another workout")
        }
        let stored = try storage.records(matching: .uuids(Set(samples.map(\.uuid))), sort: [], limit: nil, includePayload: false)
        for record in stored {
            guard record.source.bundleIdentifier == store.app.bundleIdentifier else {
                throw HKError(.errorAuthorizationDenied,
                              "Not authorized to add \(record.uuid) to a workout: it was saved by \(record.source.bundleIdentifier)")
            }
            if let parent = record.parent, parent != workout {
                throw HKError(.errorInvalidArgument,
                              "The sample \(record.uuid) already belongs to \(parent), another workout or a correlation")
            }
        }
        let storedIDs = Set(stored.map(\.uuid))
        let fresh = samples.filter { !storedIDs.contains($0.uuid) }
        var records = try store.stampedRecords(for: fresh)
        let top = Set(fresh.map(\.uuid))
        for index in records.indices where top.contains(records[index].uuid) { records[index].parent = workout }
        try store.requireSharing(try store.typesToShare(records + stored), in: storage)
        self.records = records
        association = SampleAssociation(parent: workout, members: samples.map(\.uuid).filter(storedIDs.contains))
    }
}
