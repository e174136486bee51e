import Foundation
import HealthKitModel

extension APIAccess {
    /// Throws unless the person themself is calling (their own token or session, not a guest): imports, exports and
    /// storing cards act on the whole store, which HealthKit gives no app (an app gets 403 `errorAuthorizationDenied`,
    /// a guest `errorNotPermissibleForGuestUserMode`). `what` names the action in the message.
    func requireOwner(_ what: String) throws {
        if isGuest { throw HKError(.errorNotPermissibleForGuestUserMode, "Guest sessions cannot use \(what)") }
        guard isOwner else {
            throw ServerError.forbidden("\(what) is the person's own: use their personal access token or the dashboard, not an app's token")
        }
    }
}
