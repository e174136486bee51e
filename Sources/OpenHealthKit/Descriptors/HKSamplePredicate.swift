public import Foundation

/// A sample type and an optional predicate, typed by the sample class it matches (iOS 15.4).
public struct HKSamplePredicate<Sample: HKSample>: Hashable, @unchecked Sendable {
    /// The type of samples matched.
    public let sampleType: HKSampleType
    /// The predicate samples must match, or nil for every sample of the type.
    public let nsPredicate: NSPredicate?

    /// The query descriptor this predicate stands for (OpenHealthKit, package access).
    package var queryDescriptor: HKQueryDescriptor { HKQueryDescriptor(sampleType: sampleType, predicate: nsPredicate) }

    init(sampleType: HKSampleType, nsPredicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = nsPredicate
    }
}

extension HKSamplePredicate where Sample == HKSample {
    /// Samples of any sample type.
    public static func sample(type: HKSampleType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKSample> {
        .init(sampleType: type, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    /// Quantity samples of `type`.
    public static func quantitySample(type: HKQuantityType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKQuantitySample> {
        .init(sampleType: type, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCategorySample {
    /// Category samples of `type`.
    public static func categorySample(type: HKCategoryType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKCategorySample> {
        .init(sampleType: type, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCorrelation {
    /// Correlations of `type`.
    public static func correlation(type: HKCorrelationType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKCorrelation> {
        .init(sampleType: type, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKClinicalRecord {
    /// Clinical records of `type`.
    public static func clinicalRecord(type: HKClinicalType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKClinicalRecord> {
        .init(sampleType: type, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKWorkout {
    /// Workouts.
    public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> {
        .init(sampleType: HKObjectType.workoutType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKWorkoutRoute {
    /// Workout routes.
    public static func workoutRoute(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkoutRoute> {
        .init(sampleType: HKSeriesType.workoutRoute(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKHeartbeatSeriesSample {
    /// Heartbeat series.
    public static func heartbeatSeries(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKHeartbeatSeriesSample> {
        .init(sampleType: HKSeriesType.heartbeat(), nsPredicate: predicate)
    }
}

extension Array {
    /// The query descriptors of sample predicates.
    func queryDescriptors<Sample>() -> [HKQueryDescriptor] where Element == HKSamplePredicate<Sample> {
        map(\.queryDescriptor)
    }
}
