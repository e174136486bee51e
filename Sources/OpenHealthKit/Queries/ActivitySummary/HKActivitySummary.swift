import Foundation

/// One day of the person's activity rings: move, exercise and stand values and goals (iOS 9.3).
///
/// In HealthKit only the system writes summaries. OpenHealthKit stores them for importers and tests
/// through ``HKHealthStore/saveActivitySummaries(_:)`` (OpenHealthKit extension) and reads them with
/// ``HKActivitySummaryQuery`` and ``HKActivitySummaryQueryDescriptor``.
open class HKActivitySummary: NSObject, NSCopying, @unchecked Sendable {
    /// The day the summary covers, as Gregorian era, year, month and day (OpenHealthKit extension; set it
    /// before saving).
    public var day: DateComponents?
    /// Active energy burned (energy).
    public var activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    /// Move time, for people whose move ring counts minutes (time; iOS 14).
    public var appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 0)
    /// Exercise time (time).
    public var appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 0)
    /// Stand hours (count).
    public var appleStandHours = HKQuantity(unit: .count(), doubleValue: 0)
    /// The move goal in energy.
    public var activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    /// The move goal in time (iOS 14).
    public var appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
    /// The exercise goal (time; iOS 16), nil when not set.
    public var exerciseTimeGoal: HKQuantity?
    /// The stand goal (count; iOS 16), nil when not set.
    public var standHoursGoal: HKQuantity?
    /// Whether the move ring counts energy or minutes (iOS 14).
    public var activityMoveMode = HKActivityMoveMode.activeEnergy
    /// Whether the person paused their rings that day (iOS 18).
    public var isPaused = false

    /// The exercise goal.
    @available(*, deprecated, renamed: "exerciseTimeGoal")
    public var appleExerciseTimeGoal: HKQuantity {
        get { exerciseTimeGoal ?? HKQuantity(unit: .minute(), doubleValue: 0) }
        set { exerciseTimeGoal = newValue }
    }

    /// The stand goal.
    @available(*, deprecated, renamed: "standHoursGoal")
    public var appleStandHoursGoal: HKQuantity {
        get { standHoursGoal ?? HKQuantity(unit: .count(), doubleValue: 0) }
        set { standHoursGoal = newValue }
    }

    /// An empty summary: every value and goal zero.
    public override init() { super.init() }

    /// The summary's day in `calendar` (era, year, month, day and the calendar), or empty when it has no day.
    public func dateComponents(for calendar: Calendar) -> DateComponents {
        guard let day, let noon = Self.noon(of: day, timeZone: calendar.timeZone) else { return DateComponents() }
        var components = calendar.dateComponents([.era, .year, .month, .day], from: noon)
        components.calendar = calendar
        return components
    }

    /// Noon of the Gregorian `day` in `timeZone`.
    static func noon(of day: DateComponents, timeZone: TimeZone) -> Date? {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = timeZone
        var components = DateComponents(era: day.era ?? 1, year: day.year, month: day.month, day: day.day)
        components.hour = 12
        return gregorian.date(from: components)
    }

    /// A copy with the same day, values and goals.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = HKActivitySummary()
        copy.day = day
        copy.activeEnergyBurned = activeEnergyBurned
        copy.appleMoveTime = appleMoveTime
        copy.appleExerciseTime = appleExerciseTime
        copy.appleStandHours = appleStandHours
        copy.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        copy.appleMoveTimeGoal = appleMoveTimeGoal
        copy.exerciseTimeGoal = exerciseTimeGoal
        copy.standHoursGoal = standHoursGoal
        copy.activityMoveMode = activityMoveMode
        copy.isPaused = isPaused
        return copy
    }
}
