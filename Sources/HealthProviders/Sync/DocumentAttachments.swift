import Foundation
import HealthExport
import HealthKitModel
import HealthRecords
import OpenHealthKit
import HealthLocking

/// DocumentReferences' attachments. CDA documents (`content[].attachment` with an XML content type): downloaded once
/// per sync (by URL; inline `data` needs no download), as raw bytes or as a FHIR Binary with base64 `data`, and stored
/// as CDA documents of the institution (`DocumentImport`: the same bytes are stored once, whatever the sync). Other
/// attachments on the FHIR server (plain text, HTML, PDF… up to ``inlineLimit``) are downloaded and kept inside the
/// DocumentReference as base64 `data` beside their `url`, so the clinical note record carries its content.
final class DocumentAttachments: Sendable {
    /// The largest non-CDA attachment kept inside its DocumentReference (larger ones keep only their `url`).
    static let inlineLimit = 4 << 20
    /// The URLs fetched so far.
    private let done = Locked(Set<String>())

    /// Downloads and stores the CDA attachments of a DocumentReference page; returns (stored, problems).
    func store(page: Data, session: FHIRSession, health: HKHealthStore, source: HKSource) async -> (Int, [String]) {
        guard let object = (try? JSONSerialization.jsonObject(with: page)) as? [String: Any] else { return (0, []) }
        var stored = 0, problems: [String] = []
        for entry in object["entry"] as? [[String: Any]] ?? [] {
            guard let resource = entry["resource"] as? [String: Any], resource["resourceType"] as? String == "DocumentReference" else { continue }
            let id = resource["id"] as? String ?? "?"
            for (index, content) in (resource["content"] as? [[String: Any]] ?? []).enumerated() {
                guard let attachment = content["attachment"] as? [String: Any], Self.isCDA(attachment["contentType"] as? String) else { continue }
                let place = "DocumentReference/\(id) content[\(index)]"
                do {
                    guard let data = try await bytes(attachment, session: session) else { continue }
                    stored += try DocumentImport.store(data, in: health, source: source, fallbackDate: Date()).stored
                } catch let error as ProviderError {
                    problems.append("\(place): \(error.message)")
                } catch {
                    problems.append("\(place): not a CDA document the store accepts (\(error))")
                }
            }
        }
        return (stored, problems)
    }

    /// XML content types CDA documents come as.
    static func isCDA(_ contentType: String?) -> Bool {
        guard let type = contentType?.lowercased().split(separator: ";").first?.trimmingCharacters(in: .whitespaces) else { return false }
        return ["application/xml", "text/xml", "application/hl7-v3+xml", "application/cda+xml", "application/hl7-cda+xml"].contains(type)
    }

    /// The attachment's bytes: inline `data`, else its URL fetched (once per sync; nil when already fetched).
    private func bytes(_ attachment: [String: Any], session: FHIRSession) async throws -> Data? {
        if let inline = attachment["data"] as? String {
            guard let data = Data(base64Encoded: inline) else { throw ProviderError(.download(resourceType: "DocumentReference"), "attachment data is not base64") }
            return data
        }
        guard let url = Self.url(attachment, session: session) else { return nil }
        guard done.withLock({ $0.insert(url.absoluteString).inserted }) else { return nil }
        return try await download(url, contentType: attachment["contentType"] as? String ?? "application/xml", session: session)
    }

    /// `page` with the non-CDA attachments on the FHIR server downloaded into their `data` (the page unchanged when
    /// there are none), and the attachments that failed, each `DocumentReference/id content[0]: why`.
    func inlined(page: Data, session: FHIRSession) async -> (page: Data, inlined: Int, problems: [String]) {
        guard var object = (try? JSONSerialization.jsonObject(with: page)) as? [String: Any],
              var entries = object["entry"] as? [[String: Any]] else { return (page, 0, []) }
        var inlined = 0, problems: [String] = []
        for (position, entry) in entries.enumerated() {
            guard var resource = entry["resource"] as? [String: Any], resource["resourceType"] as? String == "DocumentReference",
                  var contents = resource["content"] as? [[String: Any]] else { continue }
            for (index, content) in contents.enumerated() {
                guard var attachment = content["attachment"] as? [String: Any], attachment["data"] == nil,
                      !Self.isCDA(attachment["contentType"] as? String), let url = Self.url(attachment, session: session),
                      FHIRURL.sameOrigin(url, session.base) else { continue }
                do {
                    let data = try await download(url, contentType: attachment["contentType"] as? String ?? "*/*", session: session)
                    guard data.count <= Self.inlineLimit else { continue }
                    attachment["data"] = data.base64EncodedString()
                    contents[index]["attachment"] = attachment
                    inlined += 1
                } catch let error as ProviderError {
                    problems.append("DocumentReference/\(resource["id"] as? String ?? "?") content[\(index)]: \(error.message)")
                } catch {
                    problems.append("DocumentReference/\(resource["id"] as? String ?? "?") content[\(index)]: \(error)")
                }
            }
            resource["content"] = contents
            entries[position]["resource"] = resource
        }
        guard inlined > 0 else { return (page, 0, problems) }
        object["entry"] = entries
        return ((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? page, inlined, problems)
    }

    /// The attachment's `url`, resolved against the FHIR base.
    private static func url(_ attachment: [String: Any], session: FHIRSession) -> URL? {
        guard let text = attachment["url"] as? String else { return nil }
        return URL(string: text, relativeTo: URL(string: DirectoryEndpoint.key(session.base) + "/"))?.absoluteURL
    }

    /// GETs an attachment: raw bytes, or a FHIR Binary's base64 `data`.
    private func download(_ url: URL, contentType: String, session: FHIRSession) async throws -> Data {
        let step = ProviderError.Step.download(resourceType: "Binary")
        let answer = try await session.get(url, step: step, accept: "\(contentType), application/fhir+json;q=0.9, */*;q=0.1")
        guard answer.status == 200 else { throw FHIRSession.failure(answer, url: url, step: step) }
        if let binary = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any], binary["resourceType"] as? String == "Binary" {
            guard let data = (binary["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
                throw ProviderError(step, "\(url.path): a Binary without base64 data")
            }
            return data
        }
        return answer.body
    }
}
