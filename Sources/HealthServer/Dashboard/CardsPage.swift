import Foundation
import HealthKitModel
import Hummingbird
import OpenHealthKit
import SmartHealthCards

/// `/cards`: the person's verifiable clinical records (SMART Health Cards), read with
/// `HKVerifiableClinicalRecordQuery`, and a form (`POST /cards`: `csrf`, `card`, `action=verify|import`) that verifies a
/// card against the server's trusted issuers and, when asked, stores it. A card that fails is a 400 page naming the
/// check; guests may verify but not store.
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
        if !verified.isEmpty { body += table(verified, caption: "Verified") }
        let stored = try await CardVerification.stored(in: viewer.store)
        body += stored.isEmpty ? "<p class=\"empty\">No health cards stored.</p>\n" : table(stored, caption: "Your cards")
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

    /// A table of cards.
    private func table(_ cards: [HKVerifiableClinicalRecord], caption: String) -> String {
        var html = "<table class=\"decisions\">\n<caption>\(caption)</caption>\n<thead><tr><th scope=\"col\">Issued</th>"
            + "<th scope=\"col\">Name</th><th scope=\"col\">Items</th><th scope=\"col\">Issuer</th></tr></thead>\n<tbody>\n"
        for card in cards {
            html += "<tr><th scope=\"row\">\(day.parameter(card.issuedDate))</th><td>\(HTML.escape(card.subject.fullName))</td>"
                + "<td>\(HTML.escape(card.itemNames.joined(separator: "; ")))</td><td>\(HTML.escape(card.issuerIdentifier))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }
}
