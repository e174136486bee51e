public import Foundation
public import HealthKitModel
import HealthLocking

/// Where a live workout builder's data comes from (HealthKit's `HKLiveWorkoutDataSource`, iOS 17 and watchOS 5).
///
/// On Apple Watch the data source reads the sensors and adds samples of ``typesToCollect`` to the builder. Off Apple
/// Watch there are no sensors, so it collects nothing by itself: the types it would collect can be read, enabled and
/// disabled as in HealthKit, and the workout's data is what the app adds with `addSamples(_:)` (which the builder
/// reports through its delegate). ``typesToCollect`` starts from the configuration: active energy and heart rate for
/// every workout, plus the distance (and stroke or push counts) that fit the activity.
open class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
    private let types: Locked<[HKQuantityType: NSPredicate?]>

    /// Creates a data source for `configuration` (nil: the default types only).
    public init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?) {
        let defaults = Self.defaultTypes(for: configuration)
        types = Locked(Dictionary(uniqueKeysWithValues: defaults.map { ($0, NSPredicate?.none) }))
        super.init()
    }

    /// The quantity types the data source collects.
    public var typesToCollect: Set<HKQuantityType> { Set(types.withLock { $0.keys }) }

    /// Adds `quantityType` to the types collected, limited to samples matching `predicate` (nil: all).
    public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        types.withLock { $0[quantityType] = .some(predicate) }
    }

    /// Stops collecting `quantityType`.
    public func disableCollection(for quantityType: HKQuantityType) {
        _ = types.withLock { $0.removeValue(forKey: quantityType) }
    }

    /// Active energy and heart rate, plus the activity's distance and counts.
    private static func defaultTypes(for configuration: HKWorkoutConfiguration?) -> [HKQuantityType] {
        var identifiers: [HKQuantityTypeIdentifier] = [.activeEnergyBurned, .heartRate]
        switch configuration?.activityType {
        case .running, .walking, .hiking: identifiers += [.distanceWalkingRunning, .runningSpeed]
        case .cycling, .handCycling: identifiers += [.distanceCycling]
        case .swimming: identifiers += [.distanceSwimming, .swimmingStrokeCount]
        case .wheelchairWalkPace, .wheelchairRunPace: identifiers += [.distanceWheelchair, .pushCount]
        case .downhillSkiing, .snowboarding, .crossCountrySkiing: identifiers += [.distanceDownhillSnowSports]
        default: break
        }
        return identifiers.map { HKQuantityType($0) }
    }
}
