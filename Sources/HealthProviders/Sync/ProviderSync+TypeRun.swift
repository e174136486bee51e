import Foundation
import HealthKitModel
import HealthRecords
import OpenHealthKit

extension ProviderSync {
    /// What searching one resource type needs.
    struct TypeRun {
        var type: String
        var queries: [String?]
        var connection: ProviderConnection
        var session: FHIRSession
        var ingestor: ClinicalRecordIngestor
        var referenced: ReferencedResources
        var attachments: DocumentAttachments
        var parties: PartyFetcher
        var lookahead: SearchLookahead
        /// The server lists `_lastUpdated` for the type.
        var lastUpdated: Bool
    }

    /// Runs every search of `run` (from its checkpoints when `incremental`), recording into `result`; returns the ids
    /// of the `type` resources returned. Stops at the first failed search (its error in `result`).
    func searchAll(_ run: TypeRun, incremental: Bool, checkpoints: inout [String: String], report: inout SyncReport,
                   result: inout SyncReport.TypeResult) async -> Set<String> {
        var returned = Set<String>()
        for query in run.queries {
            let key = Self.checkpointKey(run.type, query)
            let since = incremental && run.lastUpdated ? checkpoints[key] : nil
            if since != nil { report.incremental = true }
            do {
                let (started, identifiers) = try await search(run, query: query, since: since, result: &result)
                returned.formUnion(identifiers)
                if let started { checkpoints[key] = started }
            } catch let error as ProviderError {
                result.error = error
                break
            } catch {
                result.error = ProviderError(.storage, "\(run.type): \(error)")
                break
            }
        }
        return returned
    }

    /// Whether the source now has fewer `type` resources for the patient (`_summary=count`) than the store keeps from
    /// it: something was deleted there. False when the server gives no total.
    func sourceDropped(_ run: TypeRun, stored health: HKHealthStore) async -> Bool {
        let text = FHIRURL.join(run.connection.fhirBase, run.type).absoluteString + "?patient="
            + FormBody.escape(run.connection.patientID) + "&_summary=count"
        guard let url = URL(string: text),
              let answer = try? await run.session.get(url, step: .download(resourceType: run.type)), answer.status == 200,
              let object = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any],
              let total = object["total"] as? Int,
              let kept = try? health.clinicalRecordIdentifiers(from: run.ingestor.institution.source, resourceType: run.type) else {
            return false
        }
        return kept.count > total
    }
}
