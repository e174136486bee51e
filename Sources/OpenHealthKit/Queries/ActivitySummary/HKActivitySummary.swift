public import Foundation
import HealthLocking

/// One day of the person's activity rings: move, exercise and stand values and goals (iOS 9.3).
///
/// In HealthKit only the system writes summaries. OpenHealthKit stores them for importers and tests
/// through ``HKHealthStore/saveActivitySummaries(_:)`` (OpenHealthKit extension) and reads them with
/// ``HKActivitySummaryQuery`` and ``HKActivitySummaryQueryDescriptor``.
open class HKActivitySummary: NSObject, NSCopying, @unchecked Sendable {
    /// Every value and goal, behind one lock: the class is mutable, so it is `Sendable` only because every read and
    /// write of its state takes the lock (see docs/Concurrency.md).
    private let values = Locked(ActivitySummaryValues())

    /// The day the summary covers, as Gregorian era, year, month and day (OpenHealthKit extension; set it
    /// before saving).
    public var day: DateComponents? {
        get { values[\.day] }
        set { values[\.day] = newValue }
    }
    /// Active energy burned (energy).
    public var activeEnergyBurned: HKQuantity {
        get { values[\.activeEnergyBurned] }
        set { values[\.activeEnergyBurned] = newValue }
    }
    /// Move time, for people whose move ring counts minutes (time; iOS 14).
    public var appleMoveTime: HKQuantity {
        get { values[\.appleMoveTime] }
        set { values[\.appleMoveTime] = newValue }
    }
    /// Exercise time (time).
    public var appleExerciseTime: HKQuantity {
        get { values[\.appleExerciseTime] }
        set { values[\.appleExerciseTime] = newValue }
    }
    /// Stand hours (count).
    public var appleStandHours: HKQuantity {
        get { values[\.appleStandHours] }
        set { values[\.appleStandHours] = newValue }
    }
    /// The move goal in energy.
    public var activeEnergyBurnedGoal: HKQuantity {
        get { values[\.activeEnergyBurnedGoal] }
        set { values[\.activeEnergyBurnedGoal] = newValue }
    }
    /// The move goal in time (iOS 14).
    public var appleMoveTimeGoal: HKQuantity {
        get { values[\.appleMoveTimeGoal] }
        set { values[\.appleMoveTimeGoal] = newValue }
    }
    /// The exercise goal (time; iOS 16), nil when not set.
    public var exerciseTimeGoal: HKQuantity? {
        get { values[\.exerciseTimeGoal] }
        set { values[\.exerciseTimeGoal] = newValue }
    }
    /// The stand goal (count; iOS 16), nil when not set.
    public var standHoursGoal: HKQuantity? {
        get { values[\.standHoursGoal] }
        set { values[\.standHoursGoal] = newValue }
    }
    /// Whether the move ring counts energy or minutes (iOS 14).
    public var activityMoveMode: HKActivityMoveMode {
        get { values[\.activityMoveMode] }
        set { values[\.activityMoveMode] = newValue }
    }
    /// Whether the person paused their rings that day (iOS 18).
    public var isPaused: Bool {
        get { values[\.isPaused] }
        set { values[\.isPaused] = newValue }
    }

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
        let current = values.current
        copy.values.withLock { $0 = current }
        return copy
    }
}

/// The state of an ``HKActivitySummary``: a plain value, copied whole under its lock.
private struct ActivitySummaryValues {
    var day: DateComponents?
    var activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    var appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 0)
    var appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 0)
    var appleStandHours = HKQuantity(unit: .count(), doubleValue: 0)
    var activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
    var appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
    var exerciseTimeGoal: HKQuantity?
    var standHoursGoal: HKQuantity?
    var activityMoveMode = HKActivityMoveMode.activeEnergy
    var isPaused = false
}
