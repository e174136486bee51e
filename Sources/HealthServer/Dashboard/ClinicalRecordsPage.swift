import Foundation
import HealthKitModel
import HealthProviders
import HealthRecords
import Hummingbird
import OpenHealthKit

/// `/records`: the person's clinical records by category (HealthKit's clinical types), whatever brought them —
/// provider downloads, imported FHIR files — and clinical documents (CDA files, imported or downloaded;
/// ``ClinicalDocumentList``). Without `category`: every category with its count, and the health cards' count linking
/// to their one list on `/cards` (``HealthCardList``), where `category=cards` redirects.
/// With one (short name or identifier): its records newest first, each with its title (the display name HealthFHIR
/// gave it), date, source, and its FHIR details folded beneath (resource type and id, FHIR version, the date the
/// resource is about, its address at the source, the Practitioners and Organizations it names — by name when kept
/// with the person's provider connection — and the resource itself). No JavaScript: categories are links, details
/// are `<details>`.
struct ClinicalRecordsPage: Sendable {
    /// Who is looking (their own store).
    let viewer: DashboardViewer
    /// The page's day and time zone (for dates).
    let day: DashboardDay
    /// The parties kept with the connection whose records have a source (by its bundle identifier), if any.
    let parties: @Sendable (String) -> ReferencedParties?

    /// The category name that redirects to the health cards' list.
    static let cardsCategory = "cards"

    /// The page for `category` (nil: the categories).
    func response(category: String?) async throws -> Response {
        if category == Self.cardsCategory { return HTML.redirect(day.link(HealthCardList.path, escaped: false)) }
        var body = "<h1>Health records</h1>\n"
        let types = HKObjectType.allClinicalTypes.sorted { TypeNames.title($0) < TypeNames.title($1) }
        let documents = ClinicalDocumentList(store: viewer.store, day: day)
        let categories = types.map(\.shortName) + [ClinicalDocumentList.category]
        if let category, !categories.contains(category), (HKObjectType.type(named: category) as? HKClinicalType) == nil {
            throw ServerError.notFound("category: \"\(category)\" is not a clinical record type, documents or cards")
        }
        let chosen = category.map { (HKObjectType.type(named: $0) as? HKClinicalType)?.shortName ?? $0 }
        var lists: [HKClinicalType: [HKClinicalRecord]] = [:]
        for type in types { lists[type] = try await records(of: type) }
        let (documentList, cardCount) = (try await documents.documents(), try await CardVerification.stored(in: viewer.store).count)
        let counts = types.map { (TypeNames.title($0), lists[$0]?.count ?? 0) } + [(ClinicalDocumentList.title, documentList.count)]
        body += "<nav aria-label=\"Record categories\"><ul class=\"tabs\">\n"
        let zone = day.zoneParameter.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }.map { "&tz=" + $0 } ?? ""
        for (name, (title, count)) in zip(categories, counts) {
            let current = name == chosen ? " aria-current=\"page\"" : ""
            body += "<li><a href=\"\(HTML.escape("/records?category=" + name + zone))\"\(current)>\(HTML.escape(title)) (\(count))</a></li>\n"
        }
        body += "<li><a href=\"\(day.link(HealthCardList.path))\">\(HealthCardList.title) (\(cardCount))</a></li>\n</ul></nav>\n"
        if chosen == ClinicalDocumentList.category {
            body += documents.section(documentList)
        } else if let chosen, let type = types.first(where: { $0.shortName == chosen }) {
            body += section(type, lists[type] ?? [])
        } else if counts.allSatisfy({ $0.1 == 0 }), cardCount == 0 {
            body += "<p class=\"empty\">You have no health records yet. Connect a provider (<a href=\"/providers\">Providers</a>) "
                + "or import a FHIR or CDA file or a health card.</p>\n"
        } else {
            body += "<p>Choose a category to see its records.</p>\n"
        }
        return DashboardLayout.page(title: "Health records", viewer: viewer, section: .records, body: body)
    }

    /// The person's records of `type`, newest first.
    private func records(of type: HKClinicalType) async throws -> [HKClinicalRecord] {
        try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: type)],
                                          sortDescriptors: [SortDescriptor(\HKClinicalRecord.startDate, order: .reverse)]).result(for: viewer.store)
    }

    /// One category's records.
    private func section(_ type: HKClinicalType, _ records: [HKClinicalRecord]) -> String {
        let title = HTML.escape(TypeNames.title(type))
        var html = "<section aria-labelledby=\"category\"><h2 id=\"category\">\(title)</h2>\n"
        guard !records.isEmpty else { return html + "<p class=\"empty\">No records in this category.</p>\n</section>\n" }
        html += "<ul class=\"records\">\n"
        var kept: [String: ReferencedParties?] = [:]  // one lookup per source
        for record in records {
            let source = record.sourceRevision.source.bundleIdentifier
            if kept[source] == nil { kept[source] = .some(parties(source)) }
            let name = HTML.escape(record.displayName)
            html += "<li data-uuid=\"\(record.uuid.uuidString)\"><h3>\(name)</h3>\n<p class=\"muted\">\(day.parameter(record.startDate)) · "
                + "from \(HTML.escape(record.sourceRevision.source.name))</p>\n"
            if let resource = record.fhirResource { html += details(resource, name: name, parties: kept[source] ?? nil) }
            html += "</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    /// A record's FHIR details, folded.
    private func details(_ resource: HKFHIRResource, name: String, parties: ReferencedParties?) -> String {
        let read = FHIRReader().read(resource.data).resources.first?.resource
        var rows = [("Resource", "\(resource.resourceType.rawValue)/\(resource.identifier)"),
                    ("FHIR version", "\(resource.fhirVersion.fhirRelease.rawValue) (\(resource.fhirVersion.stringRepresentation))")]
        if let read, let classified = FHIRClassifier.classify(read) { rows.append(("Name in the resource", classified.displayName)) }
        if let date = read?.clinical?.relevantDate { rows.append(("About", date)) }
        if let url = resource.sourceURL { rows.append(("At the source", url.absoluteString)) }
        for party in PartyReferences.lines(for: resource.data, parties: parties) {
            rows.append((party.role.prefix(1).uppercased() + party.role.dropFirst(), party.name.map { "\($0) (\(party.reference))" } ?? party.reference))
        }
        var html = "<details><summary aria-label=\"FHIR details of \(name)\">FHIR details</summary>\n<dl>\n"
        for (label, value) in rows { html += "<dt>\(HTML.escape(label))</dt><dd>\(HTML.escape(value))</dd>\n" }
        return html + "</dl>\n<pre>\(HTML.escape(Self.pretty(resource.data)))</pre>\n</details>\n"
    }

    /// The resource's JSON, indented (as stored when it is not JSON).
    private static func pretty(_ data: Data) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: data),
              let text = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) else {
            return String(decoding: data, as: UTF8.self)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
