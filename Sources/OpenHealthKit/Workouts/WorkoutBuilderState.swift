import Foundation
import HealthKitModel

/// What an ``HKWorkoutBuilder`` has collected, and the rules for changing it (OpenHealthKit internals).
///
/// A builder moves `inactive → collecting → ended → finished`; `discardWorkout()` moves it to `discarded`
/// from anywhere. Data can be added only while collecting; every other change in the wrong phase throws
/// `HKError(.errorInvalidArgument)` naming the phase.
struct WorkoutBuilderState {
    /// Where the builder is in its life.
    enum Phase: String {
        case inactive = "has not begun collection"
        case collecting = "is collecting"
        case ended = "has ended collection"
        case finishing = "is finishing the workout"
        case finished = "has finished the workout"
        case discarded = "was discarded"
    }

    private(set) var phase = Phase.inactive
    private(set) var startDate: Date?
    private(set) var endDate: Date?
    private(set) var metadata: [String: Any] = [:]
    private(set) var events: [HKWorkoutEvent] = []
    private(set) var activities: [HKWorkoutActivity] = []
    private(set) var samples: [HKSample] = []
    private var sampleIDs: Set<UUID> = []

    /// Starts collecting at `start`.
    mutating func begin(at start: Date) throws(HKError) {
        try require(.inactive, "begin collection")
        startDate = start
        phase = .collecting
    }

    /// Throws unless the builder is collecting.
    func requireCollecting(_ action: String) throws(HKError) { try require(.collecting, action) }

    /// Adds samples not added before; throws for workouts (a workout cannot belong to another).
    mutating func add(samples new: [HKSample]) throws(HKError) {
        try requireCollecting("add samples")
        if let workout = new.first(where: { $0 is HKWorkout }) {
            throw HKError(.errorInvalidArgument, "A workout (\(workout.uuid)) cannot be added to a workout builder")
        }
        for sample in new where sampleIDs.insert(sample.uuid).inserted { samples.append(sample) }
    }

    /// Adds events, keeping them in date order; each must start at or after the workout's start.
    mutating func add(events new: [HKWorkoutEvent]) throws(HKError) {
        try requireCollecting("add workout events")
        if let start = startDate, let early = new.first(where: { $0.dateInterval.start < start }) {
            throw HKError(.errorInvalidArgument, "The workout event \(early.type) at \(early.dateInterval.start) starts before the workout (\(start))")
        }
        events = (events + new).enumerated().sorted {
            ($0.element.dateInterval.start, $0.offset) < ($1.element.dateInterval.start, $1.offset)
        }.map(\.element)
    }

    /// Merges `new` into the metadata (later values win); `new` is already validated.
    mutating func add(metadata new: [String: Any]) throws(HKError) {
        try requireCollecting("add metadata")
        metadata.merge(new) { _, latest in latest }
    }

    /// Adds an activity: it starts at or after the workout and does not overlap another activity.
    mutating func add(activity: HKWorkoutActivity) throws(HKError) {
        try requireCollecting("add a workout activity")
        if let start = startDate, activity.startDate < start {
            throw HKError(.errorInvalidArgument, "The workout activity \(activity.uuid) starts before the workout (\(start))")
        }
        if activities.contains(where: { $0.uuid == activity.uuid }) {
            throw HKError(.errorInvalidArgument, "The workout activity \(activity.uuid) was already added")
        }
        if let other = activities.first(where: { Self.overlap($0, activity) }) {
            throw HKError(.errorInvalidArgument, "The workout activity \(activity.uuid) overlaps the activity \(other.uuid)")
        }
        activities.append(activity)
        activities.sort { $0.startDate < $1.startDate }
    }

    /// Replaces the activity `uuid` with what `change` makes of it; throws for an unknown activity.
    mutating func updateActivity(_ uuid: UUID, _ change: (HKWorkoutActivity) throws(HKError) -> HKWorkoutActivity) throws(HKError) {
        try requireCollecting("update a workout activity")
        guard let index = activities.firstIndex(where: { $0.uuid == uuid }) else {
            throw HKError(.errorInvalidArgument, "The builder has no workout activity \(uuid)")
        }
        activities[index] = try change(activities[index])
    }

    /// Ends collection at `end`: ends the activities still open there, and checks nothing lies after it.
    mutating func end(at end: Date) throws(HKError) {
        try requireCollecting("end collection")
        guard let start = startDate, end >= start else {
            throw HKError(.errorInvalidArgument, "The workout cannot end (\(end)) before it starts (\(startDate.map { "\($0)" } ?? "-"))")
        }
        if let late = events.first(where: { $0.dateInterval.end > end }) {
            throw HKError(.errorInvalidArgument, "The workout event \(late.type) at \(late.dateInterval.start) ends after the workout (\(end))")
        }
        if let late = activities.first(where: { $0.startDate > end || ($0.endDate ?? end) > end }) {
            throw HKError(.errorInvalidArgument, "The workout activity \(late.uuid) ends after the workout (\(end))")
        }
        activities = activities.map { $0.endDate == nil ? WorkoutBuilderActivities.ending($0, at: end) : $0 }
        endDate = end
        phase = .ended
    }

    /// Moves to `finishing` and returns the collected state; the builder must have ended collection.
    mutating func beginFinishing() throws(HKError) -> WorkoutBuilderState {
        try require(.ended, "finish the workout")
        phase = .finishing
        return self
    }

    /// Records the outcome of finishing: finished, or back to `ended` so the app may try again.
    mutating func completeFinishing(succeeded: Bool) {
        guard phase == .finishing else { return }
        phase = succeeded ? .finished : .ended
    }

    /// Drops everything collected; nothing more can be added or finished.
    mutating func discard() {
        phase = .discarded
        metadata = [:]
        events = []
        activities = []
        samples = []
        sampleIDs = []
    }

    private func require(_ expected: Phase, _ action: String) throws(HKError) {
        guard phase == expected else {
            throw HKError(.errorInvalidArgument, "Cannot \(action): the workout builder \(phase.rawValue)")
        }
    }

    private static func overlap(_ first: HKWorkoutActivity, _ second: HKWorkoutActivity) -> Bool {
        let firstEnd = first.endDate ?? .distantFuture, secondEnd = second.endDate ?? .distantFuture
        return first.startDate < secondEnd && second.startDate < firstEnd
    }
}
