import Foundation

// Swift's importer gives every bridged error struct a static shortcut per code, so that
// `catch HKError.errorNoData` pattern-matches through `HKError.Code.~=`.
extension HKError {
    /// Shortcut for ``HKError/Code/unknownError``.
    public static var unknownError: Code { .unknownError }
    /// Shortcut for ``HKError/Code/errorHealthDataUnavailable``.
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    /// Shortcut for ``HKError/Code/errorHealthDataRestricted``.
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    /// Shortcut for ``HKError/Code/errorInvalidArgument``.
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    /// Shortcut for ``HKError/Code/errorAuthorizationDenied``.
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    /// Shortcut for ``HKError/Code/errorAuthorizationNotDetermined``.
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    /// Shortcut for ``HKError/Code/errorDatabaseInaccessible``.
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    /// Shortcut for ``HKError/Code/errorUserCanceled``.
    public static var errorUserCanceled: Code { .errorUserCanceled }
    /// Shortcut for ``HKError/Code/errorAnotherWorkoutSessionStarted``.
    public static var errorAnotherWorkoutSessionStarted: Code { .errorAnotherWorkoutSessionStarted }
    /// Shortcut for ``HKError/Code/errorUserExitedWorkoutSession``.
    public static var errorUserExitedWorkoutSession: Code { .errorUserExitedWorkoutSession }
    /// Shortcut for ``HKError/Code/errorRequiredAuthorizationDenied``.
    public static var errorRequiredAuthorizationDenied: Code { .errorRequiredAuthorizationDenied }
    /// Shortcut for ``HKError/Code/errorNoData``.
    public static var errorNoData: Code { .errorNoData }
    /// Shortcut for ``HKError/Code/errorWorkoutActivityNotAllowed``.
    public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
    /// Shortcut for ``HKError/Code/errorDataSizeExceeded``.
    public static var errorDataSizeExceeded: Code { .errorDataSizeExceeded }
    /// Shortcut for ``HKError/Code/errorBackgroundWorkoutSessionNotAllowed``.
    public static var errorBackgroundWorkoutSessionNotAllowed: Code { .errorBackgroundWorkoutSessionNotAllowed }
    /// Shortcut for ``HKError/Code/errorNotPermissibleForGuestUserMode``.
    public static var errorNotPermissibleForGuestUserMode: Code { .errorNotPermissibleForGuestUserMode }
    /// Deprecated shortcut for ``HKError/Code/unknownError``.
    @available(*, deprecated, renamed: "unknownError")
    public static var noError: Code { .unknownError }
}
