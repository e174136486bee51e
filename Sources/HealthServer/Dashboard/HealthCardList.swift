import Foundation
import HealthKitModel

/// The dashboard's one list of health cards (verifiable clinical records: SMART Health Cards), on `/cards`
/// (``CardsPage``): what each card holds (its items), the person it names, the date it is about, and its issuer,
/// issue date, kinds and expiry folded beneath. The records page (``ClinicalRecordsPage``) counts the cards and links
/// here rather than listing them a second time.
struct HealthCardList: Sendable {
    /// Where the list is.
    static let path = "/cards"
    /// Its title, in the records page's categories.
    static let title = "Health Cards"

    /// The page's day (for dates).
    let day: DashboardDay

    /// A section titled `title` (its heading's id `id`) listing `cards`, or saying `empty` when there are none.
    func section(_ cards: [HKVerifiableClinicalRecord], title: String, id: String, empty: String) -> String {
        var html = "<section aria-labelledby=\"\(id)\"><h2 id=\"\(id)\">\(HTML.escape(title))</h2>\n"
        guard !cards.isEmpty else { return html + "<p class=\"empty\">\(HTML.escape(empty))</p>\n</section>\n" }
        html += "<ul class=\"records\">\n"
        for card in cards {
            let name = HTML.escape(card.itemNames.isEmpty ? "Health card" : card.itemNames.joined(separator: ", "))
            html += "<li data-uuid=\"\(card.uuid.uuidString)\"><h3>\(name)</h3>\n<p class=\"muted\">\(day.parameter(card.relevantDate)) · "
                + "for \(HTML.escape(card.subject.fullName))</p>\n"
                + "<details><summary aria-label=\"Card details of \(name)\">Card details</summary>\n<dl>\n"
            var rows = [("Issuer", card.issuerIdentifier), ("Issued", day.parameter(card.issuedDate)),
                        ("Kinds", card.recordTypes.joined(separator: ", "))]
            if let expiry = card.expirationDate { rows.append(("Expires", day.parameter(expiry))) }
            for (label, value) in rows { html += "<dt>\(label)</dt><dd>\(HTML.escape(value))</dd>\n" }
            html += "</dl>\n</details>\n</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }
}
