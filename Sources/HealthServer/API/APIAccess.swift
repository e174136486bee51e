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

    /// The access `request` carries; throws ``ServerError/unauthorized(_:)`` when it carries none that works.
    static func resolve(_ request: Request, services: ServerServices) throws -> APIAccess {
        let grant = try credential(request, services: services)
        try services.requestLimiter.take(grant.personID + "/" + (grant.clientID ?? grant.kind.rawValue))
        return APIAccess(grant: grant, store: try services.store(for: grant), directory: services.directory)
    }

    /// What the request's credential grants.
    private static func credential(_ request: Request, services: ServerServices) throws -> TokenGrant {
        let grant: TokenGrant
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw ServerError.unauthorized("the Authorization header must be \"Bearer TOKEN\"")
            }
            guard let found = try services.directory.token(secret: String(parts[1])), [.personal, .app, .guestApp].contains(found.kind) else {
                throw ServerError.unauthorized("the bearer token is not valid (unknown, revoked or expired)")
            }
            grant = found
        } else if let session = SessionCookie.value(in: request), let found = try services.directory.token(secret: session),
                  found.kind == .session || found.kind == .guest {
            grant = found
        } else {
            throw ServerError.unauthorized("sign in: send \"Authorization: Bearer TOKEN\" (an app's token or your own)")
        }
        return grant
    }

    /// Counts in the person's access log that the calling app did `action` to `types` (the person's own access and
    /// sessions are not logged: the log says what apps did).
    func log(_ action: AccessEntry.Action, _ types: [HKObjectType]) throws {
        guard let clientID = grant.clientID else { return }
        try directory.recordAccess(personID: grant.personID, clientID: clientID, action: action, types: types.map(\.identifier))
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
