import Foundation

/// Whether the app may save (share) data of a type: HealthKit reports sharing status only.
///
/// Read status is never reported: an app that may not read a type simply sees only the samples it saved.
public enum HKAuthorizationStatus: Int, Sendable, Hashable {
    /// The person has not yet decided whether the app may save data of the type.
    case notDetermined = 0
    /// The person denied the app permission to save data of the type.
    case sharingDenied = 1
    /// The person allowed the app to save data of the type.
    case sharingAuthorized = 2
}

/// Whether requesting authorization for a set of types would show the permission sheet (iOS 12).
public enum HKAuthorizationRequestStatus: Int, Sendable, Hashable {
    /// The status could not be determined; an error accompanies it.
    case unknown = 0
    /// At least one requested type is undecided: a request would ask the person.
    case shouldRequest = 1
    /// Every requested type is decided: a request would complete without asking.
    case unnecessary = 2
}
