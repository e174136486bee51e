import Foundation
import HealthKitModel
import OpenHealthKit

/// The records page's "Health Cards" category: the person's verifiable clinical records (SMART Health Cards they
/// imported), read with HealthKit's verifiable-record query, newest first: what the card holds (its items), the
/// person it names, the issuer and the dates.
struct HealthCardList: Sendable {
    /// The category's name in links (`/records?category=cards`).
    static let category = "cards"
    /// Its title.
    static let title = "Health Cards"

    /// The person's store.
    let store: HKHealthStore
    /// The page's day (for dates).
    let day: DashboardDay

    /// Every verifiable record in the store, newest relevant date first.
    func cards() async throws -> [HKVerifiableClinicalRecord] {
        try await HKVerifiableClinicalRecordQueryDescriptor(recordTypes: [], sourceTypes: []).result(for: store).reversed()
    }

    /// The category's section.
    func section(_ cards: [HKVerifiableClinicalRecord]) -> String {
        var html = "<section aria-labelledby=\"category\"><h2 id=\"category\">\(Self.title)</h2>\n"
        guard !cards.isEmpty else { return html + "<p class=\"empty\">No records in this category.</p>\n</section>\n" }
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
