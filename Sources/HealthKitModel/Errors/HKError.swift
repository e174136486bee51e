public import Foundation

/// The error domain of every error HealthKit reports: `"com.apple.healthkit"`.
public let HKErrorDomain: String = "com.apple.healthkit"

/// An error reported by HealthKit, as Swift imports `NSError`s in ``HKErrorDomain``.
///
/// Catch a specific code with `catch HKError.errorAuthorizationDenied`, or bind the error with
/// `catch let error as HKError where error.code == .errorNoData`. The error bridges to `NSError`
/// with domain ``HKErrorDomain`` and the code's raw value, and an `NSError` in ``HKErrorDomain`` with a known
/// code casts back with `as? HKError`, on Linux as on Apple platforms (see `HKError+Bridging.swift`).
public struct HKError: CustomNSError, Hashable, Sendable {
    /// The codes of ``HKErrorDomain`` errors (HealthKit's `HKErrorCode`).
    public enum Code: Int, Hashable, Sendable, Equatable {
        /// An unknown error occurred.
        case unknownError = 0
        /// HealthKit is not available on this device.
        case errorHealthDataUnavailable = 1
        /// HealthKit is restricted on this device (for example by device management).
        case errorHealthDataRestricted = 2
        /// An invalid argument was provided (bad metadata, empty deletion list, date before the earliest permitted one…).
        case errorInvalidArgument = 3
        /// The app is not authorized to save the requested objects.
        case errorAuthorizationDenied = 4
        /// The user has not yet decided whether to authorize the requested types.
        case errorAuthorizationNotDetermined = 5
        /// Protected health data is inaccessible (for example while the device is locked).
        case errorDatabaseInaccessible = 6
        /// The user cancelled the operation.
        case errorUserCanceled = 7
        /// Another app started a workout session.
        case errorAnotherWorkoutSessionStarted = 8
        /// The user exited the app during a workout session.
        case errorUserExitedWorkoutSession = 9
        /// The user denied authorization for types the app requires.
        case errorRequiredAuthorizationDenied = 10
        /// No data is available for the specified predicate.
        case errorNoData = 11
        /// The workout activity is not allowed in the current state.
        case errorWorkoutActivityNotAllowed = 12
        /// The data exceeds the permitted size.
        case errorDataSizeExceeded = 13
        /// A background workout session is not allowed.
        case errorBackgroundWorkoutSessionNotAllowed = 14
        /// The operation is not permitted in guest user mode.
        case errorNotPermissibleForGuestUserMode = 15

        /// Deprecated spelling of ``unknownError`` (HealthKit's `HKNoError`).
        @available(*, deprecated, renamed: "unknownError")
        public static var noError: Code { .unknownError }

        /// Whether `error` is an ``HKErrorDomain`` error with this code, so `catch HKError.errorNoData` matches.
        public static func ~= (code: Code, error: any Error) -> Bool {
            if let error = error as? HKError { return error.code == code }
            let bridged = error as NSError
            return bridged.domain == HKErrorDomain && bridged.code == code.rawValue
        }
    }

    /// The error's code.
    public let code: Code

    private let storage: UserInfoBox

    /// Creates an error with a code and the `NSError` user-info dictionary HealthKit would attach.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.storage = UserInfoBox(userInfo)
    }

    /// The domain of every `HKError`: ``HKErrorDomain``.
    public static var errorDomain: String { HKErrorDomain }

    /// The code's raw value, as `NSError.code` reports it.
    public var errorCode: Int { code.rawValue }

    /// The user-info dictionary, including `NSLocalizedDescriptionKey` when the error has a message.
    public var errorUserInfo: [String: Any] { storage.userInfo }

    /// The user-info dictionary (the name Apple's bridged error structs give it).
    public var userInfo: [String: Any] { storage.userInfo }

    /// The `NSLocalizedDescriptionKey` message, or Foundation's generic description of the code.
    public var localizedDescription: String {
        if let message = storage.userInfo[NSLocalizedDescriptionKey] as? String { return message }
        return "The operation couldn’t be completed. (\(HKErrorDomain) error \(code.rawValue).)"
    }

    /// Two errors are equal when their codes and user-info dictionaries are equal.
    public static func == (lhs: HKError, rhs: HKError) -> Bool {
        lhs.code == rhs.code && NSDictionary(dictionary: lhs.userInfo).isEqual(to: rhs.userInfo)
    }

    /// Hashes the code (user-info values need not be hashable).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
    }
}

/// Holds an immutable user-info dictionary; its values are never mutated after creation.
private final class UserInfoBox: @unchecked Sendable {
    let userInfo: [String: Any]
    init(_ userInfo: [String: Any]) { self.userInfo = userInfo }
}

extension HKError: CustomStringConvertible {
    /// `Error Domain=com.apple.healthkit Code=3 "message"`, the way `NSError` describes itself.
    public var description: String {
        "Error Domain=\(HKErrorDomain) Code=\(code.rawValue) \"\(localizedDescription)\""
    }
}
