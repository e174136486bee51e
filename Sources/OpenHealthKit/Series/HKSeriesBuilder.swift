public import Foundation

/// The abstract superclass of HealthKit's series builders (`HKHeartbeatSeriesBuilder`, `HKWorkoutRouteBuilder`).
open class HKSeriesBuilder: NSObject, @unchecked Sendable {
    /// Designated initialiser for the builder classes (OpenHealthKit, package access).
    package override init() {
        super.init()
    }

    /// Stops the builder and drops what it collected; nothing is saved, and later calls fail.
    public func discard() {
        preconditionFailure("\(type(of: self)) does not implement discard()")
    }
}
