import Foundation

/// The kind of a workout event. Raw values are HealthKit's.
public enum HKWorkoutEventType: Int, Sendable, CaseIterable {
    /// The workout was paused.
    case pause = 1
    /// The workout was resumed.
    case resume = 2
    /// A lap (iOS 10); may have a nonzero duration.
    case lap = 3
    /// A marker (iOS 10).
    case marker = 4
    /// Motion paused automatically (iOS 10).
    case motionPaused = 5
    /// Motion resumed automatically (iOS 10).
    case motionResumed = 6
    /// A segment (iOS 11); may have a nonzero duration.
    case segment = 7
    /// The user asked to pause or resume (iOS 11).
    case pauseOrResumeRequest = 8
}

extension HKWorkoutEventType {
    /// The Objective-C constant name, as Apple Health writes it to export.xml (e.g. `"HKWorkoutEventTypePause"`).
    ///
    /// OpenHealthKit extension.
    public var exportName: String { hkExportName(prefix: "HKWorkoutEventType", caseName: String(describing: self)) }

    /// The event type whose Objective-C constant name is `exportName`, or `nil`.
    ///
    /// OpenHealthKit extension.
    public init?(exportName: String) {
        guard let value = Self.allCases.first(where: { $0.exportName == exportName }) else { return nil }
        self = value
    }
}
