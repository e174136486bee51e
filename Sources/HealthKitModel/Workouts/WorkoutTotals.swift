package import Foundation

/// The arithmetic behind workout totals and durations, shared by ``HKWorkout`` and ``HKWorkoutActivity``.
package enum WorkoutTotals {
    /// Elapsed time between `start` and `end` minus the time spent paused, as the pause, resume,
    /// motion-paused and motion-resumed events in `events` describe it.
    static func activeDuration(start: Date, end: Date, events: [HKWorkoutEvent]) -> TimeInterval {
        var paused: TimeInterval = 0
        var pausedSince: Date?
        for event in events.sorted(by: { $0.dateInterval.start < $1.dateInterval.start }) {
            let date = min(max(event.dateInterval.start, start), end)
            switch event.type {
            case .pause, .motionPaused:
                if pausedSince == nil { pausedSince = date }
            case .resume, .motionResumed:
                if let since = pausedSince {
                    paused += date.timeIntervalSince(since)
                    pausedSince = nil
                }
            default:
                continue
            }
        }
        if let since = pausedSince { paused += end.timeIntervalSince(since) }
        return max(0, end.timeIntervalSince(start) - paused)
    }

    /// The distance type HealthKit files an activity's total distance under.
    static func distanceType(for activity: HKWorkoutActivityType) -> HKQuantityTypeIdentifier {
        switch activity {
        case .cycling, .handCycling: return .distanceCycling
        case .swimming: return .distanceSwimming
        case .wheelchairWalkPace, .wheelchairRunPace: return .distanceWheelchair
        case .downhillSkiing, .snowboarding, .snowSports: return .distanceDownhillSnowSports
        case .crossCountrySkiing: return .distanceCrossCountrySkiing
        case .paddleSports: return .distancePaddleSports
        case .rowing: return .distanceRowing
        case .skatingSports: return .distanceSkatingSports
        default: return .distanceWalkingRunning
        }
    }

    /// Statistics holding the given totals as sums over `[start, end]`, keyed by quantity type.
    package static func statistics(
        activity: HKWorkoutActivityType, start: Date, end: Date,
        energy: HKQuantity?, distance: HKQuantity?, strokes: HKQuantity?, flights: HKQuantity?
    ) -> [HKQuantityType: HKStatistics] {
        let totals: [(HKQuantityTypeIdentifier, HKQuantity?)] = [
            (.activeEnergyBurned, energy), (distanceType(for: activity), distance),
            (.swimmingStrokeCount, strokes), (.flightsClimbed, flights),
        ]
        var result: [HKQuantityType: HKStatistics] = [:]
        for (identifier, quantity) in totals {
            guard let quantity else { continue }
            let type = HKQuantityType(identifier)
            result[type] = HKStatistics(quantityType: type, startDate: start, endDate: end, merged: .init(sum: quantity))
        }
        return result
    }

    /// Checks the totals a workout is given: each must fit its quantity type.
    static func validate(_ statistics: [HKQuantityType: HKStatistics]) throws(HKError) {
        for (type, stats) in statistics {
            for quantity in [stats.sumQuantity(), stats.averageQuantity(), stats.minimumQuantity(), stats.maximumQuantity()] {
                if let quantity { try SampleValidation.quantity(quantity, fits: type) }
            }
        }
    }

    /// Checks workout events against the workout's interval: in order, inside it, not starting with a resume.
    static func validate(events: [HKWorkoutEvent], start: Date, end: Date) throws(HKError) {
        var previous = Date.distantPast
        for (index, event) in events.enumerated() {
            let interval = event.dateInterval
            if interval.start < previous {
                throw HKError(.errorInvalidArgument, "Workout event \(index) starts before the event preceding it; events must be in date order")
            }
            if interval.start < start || interval.end > end {
                throw HKError(.errorInvalidArgument, "Workout event \(index) (\(event.type)) lies outside the workout's interval")
            }
            previous = interval.start
        }
        if let first = events.first, first.type == .resume {
            throw HKError(.errorInvalidArgument, "The first workout event cannot be a resume event")
        }
    }
}
