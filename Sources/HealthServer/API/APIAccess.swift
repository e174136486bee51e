import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit

/// Who is calling the API and through which store: resolved from the `Authorization: Bearer` header (an app's token or
/// a person's own token) or the browser's session cookie.
struct APIAccess: Sendable {
    /// What the credential grants.
    let grant: TokenGrant
    /// The store it acts through (an app's view, or the person's own).
    let store: HKHealthStore
    /// Where an app's accesses are counted (the person's access log).
    let directory: ServerDirectory

    /// Whether the person themself is calling (their own token or session): they read everything and save any type.
    var isOwner: Bool { grant.kind == .personal || grant.kind == .session }
    /// Whether a guest is calling (a guest session, or an app a guest session authorized): it reads what the person
    /// authorized, and every write fails.
    var isGuest: Bool { grant.isGuest }

    /// The access `request` carries; throws ``ServerError/unauthorized(_:)`` when it carries none that works, and
    /// ``ServerError/tooManyRequests(_:)`` when its credential (each token, each session) is over its rate.
    ///
    /// The grant and the store come from caches (``GrantCache``, ``PersonStores``); opening a store that is not open
    /// runs off the cooperative pool.
    static func resolve(_ request: Request, services: ServerServices) async throws -> APIAccess {
        let (grant, secret) = try credential(request, services: services)
        try services.requestLimiter.take(TokenSecret.digest(secret))
        if let store = services.cachedStore(for: grant) {
            return APIAccess(grant: grant, store: store, directory: services.directory)
        }
        let store = try await BlockingWork.run { try services.store(for: grant) }
        return APIAccess(grant: grant, store: store, directory: services.directory)
    }

    /// What the request's credential grants, and its secret.
    private static func credential(_ request: Request, services: ServerServices) throws -> (TokenGrant, String) {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw ServerError.unauthorized("the Authorization header must be \"Bearer TOKEN\"")
            }
            let secret = String(parts[1])
            guard let found = try services.directory.token(secret: secret), [.personal, .app, .guestApp].contains(found.kind) else {
                throw ServerError.unauthorized("the bearer token is not valid (unknown, revoked or expired)")
            }
            return (found, secret)
        } else if let session = SessionCookie.value(in: request), let found = try services.directory.token(secret: session),
                  found.kind == .session || found.kind == .guest {
            return (found, session)
        }
        throw ServerError.unauthorized("sign in: send \"Authorization: Bearer TOKEN\" (an app's token or your own)")
    }

    /// Counts in the person's access log that the calling app did `action` to `types` (the person's own access and
    /// sessions are not logged: the log says what apps did). Counted in memory; the server writes the log every second.
    func log(_ action: AccessEntry.Action, _ types: [HKObjectType]) throws {
        guard let clientID = grant.clientID else { return }
        directory.recordAccess(personID: grant.personID, clientID: clientID, action: action, types: types.map(\.identifier))
    }

    /// Throws HealthKit's guest-mode error when this is a guest session (every write does).
    func requireWriter() throws {
        if isGuest { throw HKError(.errorNotPermissibleForGuestUserMode, "Guest sessions cannot write health data") }
    }
}

/// The browser session cookie: `ohk_session`, HttpOnly, SameSite=Lax, Secure when served over TLS.
enum SessionCookie {
    /// The cookie's name.
    static let name = "ohk_session"

    /// The session secret the request's cookie carries.
    static func value(in request: Request) -> String? {
        request.cookies[name]?.value
    }

    /// A `Set-Cookie` value for `secret` (an empty secret and a zero age sign out).
    static func header(_ secret: String, secure: Bool, maxAge: Int = 12 * 3600) -> String {
        "\(name)=\(secret); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}
