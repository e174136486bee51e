import Foundation
import HealthKitModel
import Hummingbird

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

    /// Who is calling (``resolve(_:services:)``), when it is the person themself (``requireOwner(_:)``).
    static func owner(_ request: Request, services: ServerServices, for what: String) async throws -> APIAccess {
        let access = try await resolve(request, services: services)
        try access.requireOwner(what)
        return access
    }
}
