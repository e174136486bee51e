public import Foundation

/// The type of workouts. Its identifier is ``HKWorkoutTypeIdentifier``.
open class HKWorkoutType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    init(identifier: String) { super.init(identifier: identifier, kind: .workout) }
}

/// The type of series samples: workout routes and heartbeat series (iOS 11).
open class HKSeriesType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    init(identifier: String) { super.init(identifier: identifier, kind: .series) }

    /// The workout route type (``HKWorkoutRouteTypeIdentifier``).
    public class func workoutRoute() -> HKSeriesType { TypeCatalog.shared.workoutRoute }

    /// The heartbeat series type (``HKDataTypeIdentifierHeartbeatSeries``, iOS 13).
    public class func heartbeat() -> HKSeriesType { TypeCatalog.shared.heartbeat }
}

/// The type of audiogram samples (iOS 13).
open class HKAudiogramSampleType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    init(identifier: String) { super.init(identifier: identifier, kind: .audiogram) }
}

/// The type of electrocardiogram samples (iOS 14).
open class HKElectrocardiogramType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    init(identifier: String) { super.init(identifier: identifier, kind: .electrocardiogram) }
}

/// The type of prescriptions, such as vision prescriptions (iOS 16). Requires per-object authorization.
open class HKPrescriptionType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    init(identifier: String) { super.init(identifier: identifier, kind: .prescription) }
}

/// The type of state of mind samples (iOS 18).
open class HKStateOfMindType: HKSampleType, @unchecked Sendable {
    /// Unarchives the type by its identifier.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    init(identifier: String) { super.init(identifier: identifier, kind: .stateOfMind) }
}
