import Foundation
import Hummingbird
import OpenHealthKit

/// The signed-in person a dashboard page is for, and the store their pages read: their own `HKHealthStore` (owner
/// access, as the Health app has), opened through ``ServerServices/store(for:)`` from their session. Nothing on a
/// page comes from anywhere else, so one person's pages can only ever show their own data.
struct DashboardViewer: Sendable {
    /// Who is signed in.
    let person: Person
    /// The session's secret (from the cookie), which the CSRF token derives from.
    let secret: String
    /// What the session grants (a full session or a read-only guest session).
    let grant: TokenGrant
    /// The person's own store.
    let store: HKHealthStore

    /// The CSRF token every form on this person's pages carries.
    var csrf: String { BrowserSession.csrf(for: secret) }

    /// The form field carrying ``csrf``.
    var csrfField: String { "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">" }

    /// Whether this is a guest session, which may look but not change anything.
    var isGuest: Bool { grant.isGuest }

    /// The viewer behind `request`'s session cookie; nil when nobody is signed in.
    static func current(_ request: Request, services: ServerServices) throws -> DashboardViewer? {
        guard let session = try BrowserSession.current(request, services: services) else { return nil }
        return DashboardViewer(person: session.person, secret: session.secret, grant: session.grant,
                               store: try services.store(for: session.grant))
    }
}
