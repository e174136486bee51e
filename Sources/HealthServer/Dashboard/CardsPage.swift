import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit
import SmartHealthCards

/// `/cards`, the home of health cards on the dashboard: the person's verifiable clinical records (SMART Health Cards),
/// read with `HKVerifiableClinicalRecordQuery` and listed by ``HealthCardList``, and a form (`POST /cards`: `csrf`,
/// `card`, `action=verify|import`) that verifies a card against the server's trusted issuers and, when asked, stores
/// it. A card that fails is a 400 page naming the check; guests may verify but not store.
struct CardsPage: Sendable {
    /// The server (its trusted issuers).
    let services: ServerServices
    /// Who is looking.
    let viewer: DashboardViewer
    /// The time zone, from the page's `tz`.
    let day: DashboardDay

    /// The page; `notice` says what the form did, `verified` are the cards it verified.
    func response(notice: String? = nil, verified: [HKVerifiableClinicalRecord] = []) async throws -> Response {
        var body = "<h1>Health cards</h1>\n"
        if let notice { body += "<p class=\"status\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        let list = HealthCardList(day: day)
        if !verified.isEmpty { body += list.section(verified, title: "Verified", id: "verified", empty: "") }
        body += list.section(try await CardVerification.stored(in: viewer.store), title: "Your cards", id: "stored", empty: "No health cards stored.")
        body += """
            <h2>Verify a card</h2>
            <form method="post" action="/cards">\(viewer.csrfField)
            <label for="card">The card: QR content (<code>shc:/…</code>, one line per part), a .smart-health-card file's text, or a JWS</label>
            <textarea id="card" name="card" rows="6" required style="width:100%"></textarea>
            <button type="submit" name="action" value="verify">Verify</button>
            """
        body += (viewer.isGuest ? "" : "<button type=\"submit\" name=\"action\" value=\"import\">Verify and store</button>") + "</form>\n"
        return DashboardLayout.page(title: "Health cards", viewer: viewer, section: .cards, body: body)
    }

    /// `POST /cards`.
    func submit(_ form: FormFields) async throws -> Response {
        try BrowserSession.requireCSRF(form, session: viewer.secret)
        let cards = try CardVerification.verify([form["card"] ?? ""], trust: services.configuration.cardTrust)
        let records = cards.map { $0.verifiableClinicalRecord() }
        guard form["action"] == "import" else {
            return try await response(notice: "\(cards.count == 1 ? "The card" : "Every card") verified.", verified: records)
        }
        guard !viewer.isGuest else { throw ServerError.forbidden("a guest cannot store health cards") }
        let outcome = try CardVerification.store(cards, in: viewer.store)
        return try await response(notice: "Verified: \(outcome.added) stored, \(outcome.unchanged) already stored.")
    }
}
