import Foundation

// HealthKit's Guest User mode (visionOS): someone other than the device's owner uses it. The guest sees what the
// owner already authorized apps to read; no authorization request shows a sheet or decides anything (it completes as
// if answered), and every write fails with `errorNotPermissibleForGuestUserMode`. OpenHealthKit turns it on per
// store from the environment, so an app's own tests can run in guest mode, and the server opens guests' stores so.
extension HKHealthStore {
    /// `"OPENHEALTHKIT_GUEST_USER"`: `1`, `true` or `yes` opens stores in a Guest User session (OpenHealthKit
    /// extension).
    public static let guestUserEnvironmentVariable = "OPENHEALTHKIT_GUEST_USER"

    /// Whether this store acts in a Guest User session: reads as authorized, asks nothing, writes nothing
    /// (OpenHealthKit extension).
    public var isGuestUserSession: Bool { Self.isGuestUserSession(environment) }

    /// Whether `environment` turns Guest User mode on.
    static func isGuestUserSession(_ environment: [String: String]) -> Bool {
        let value = environment[guestUserEnvironmentVariable]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return ["1", "true", "yes"].contains(value)
    }

    /// Throws ``HKError/Code/errorNotPermissibleForGuestUserMode`` in a Guest User session: every write does.
    func requireNotGuest() throws(HKError) {
        if isGuestUserSession {
            throw HKError(.errorNotPermissibleForGuestUserMode, "A Guest User session cannot write health data")
        }
    }
}
