import Foundation

// OpenHealthKit extension: not part of HealthKit's API.
extension HKError {
    /// Creates an error whose `NSLocalizedDescriptionKey` is `message`.
    ///
    /// OpenHealthKit extension. The throwing twins of HealthKit's trapping entry points report
    /// validation failures with `HKError(.errorInvalidArgument, "…")`.
    public init(_ code: Code, _ message: String) {
        self.init(code, userInfo: [NSLocalizedDescriptionKey: message])
    }

    /// An ``HKError/Code/errorInvalidArgument`` error with `message` (OpenHealthKit extension).
    public static func invalidArgument(_ message: String) -> HKError {
        HKError(.errorInvalidArgument, message)
    }
}
