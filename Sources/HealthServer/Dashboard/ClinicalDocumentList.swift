import Foundation
import HealthKitModel
import HealthLocking
import OpenHealthKit

/// The records page's "Clinical documents" category: the person's CDA documents (imported CDA files, and the
/// attachments provider downloads store), read with `HKDocumentQuery`, newest first: title, date, patient, author,
/// custodian, source, and the XML folded beneath.
struct ClinicalDocumentList: Sendable {
    /// The category's name in links (`/records?category=documents`).
    static let category = "documents"
    /// Its title.
    static let title = "Clinical Documents"

    /// The person's store.
    let store: HKHealthStore
    /// The page's day (for dates).
    let day: DashboardDay

    /// Every CDA document in the store, newest first.
    func documents() async throws -> [HKCDADocumentSample] {
        let found: [HKDocumentSample] = try await withCheckedThrowingContinuation { continuation in
            let collected = Locked<[HKDocumentSample]>([])
            let query = HKDocumentQuery(documentType: HKDocumentType(.CDA), predicate: nil, limit: HKObjectQueryNoLimit,
                                        sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)],
                                        includeDocumentData: true) { _, batch, done, error in
                if let error { return continuation.resume(throwing: error) }
                collected.withLock { $0 += batch ?? [] }
                if done { continuation.resume(returning: collected.current) }
            }
            store.execute(query)
        }
        return found.compactMap { $0 as? HKCDADocumentSample }
    }

    /// The category's section.
    func section(_ documents: [HKCDADocumentSample]) -> String {
        var html = "<section aria-labelledby=\"category\"><h2 id=\"category\">\(Self.title)</h2>\n"
        guard !documents.isEmpty else { return html + "<p class=\"empty\">No records in this category.</p>\n</section>\n" }
        html += "<ul class=\"records\">\n"
        for sample in documents {
            let document = sample.document
            let name = HTML.escape(document?.title ?? "Clinical document")
            html += "<li data-uuid=\"\(sample.uuid.uuidString)\"><h3>\(name)</h3>\n<p class=\"muted\">\(day.parameter(sample.startDate)) · "
                + "from \(HTML.escape(sample.sourceRevision.source.name))</p>\n"
            if let document {
                html += "<details><summary aria-label=\"Document details of \(name)\">Document details</summary>\n<dl>\n"
                for (label, value) in [("Patient", document.patientName), ("Author", document.authorName), ("Custodian", document.custodianName)]
                where !value.isEmpty {
                    html += "<dt>\(label)</dt><dd>\(HTML.escape(value))</dd>\n"
                }
                html += "</dl>\n"
                if let data = document.documentData { html += "<pre>\(HTML.escape(String(decoding: data, as: UTF8.self)))</pre>\n" }
                html += "</details>\n"
            }
            html += "</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }
}
