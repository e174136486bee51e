public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HealthKitModel
import HealthRecords
public import OpenHealthKit

/// Downloads a connection's records into a store through HealthRecords' ingestion (the connection's institution is
/// the records' source): the Patient, then a search per granted resource type (the override's searches, or the
/// granted scope's query restrictions), every page followed with same-origin and loop guards. Pages download ahead of
/// the storing (``SearchPages``: each next request leaves as soon as the page before it arrives, at most
/// ``SearchPages/capacity`` pages waiting), and each search starts downloading once the search before it has
/// downloaded its last page, while the sync still stores the ones before (``SearchLookahead``). Each page is read
/// once. Where the CapabilityStatement lists `_lastUpdated`, later syncs ask only for changes since the server time of
/// the last complete search.
public struct ProviderSync: Sendable {
    /// Resource types read by reference, not searched (their scopes are asked for too).
    public static let referencedTypes = ["Medication", "Binary", "Practitioner", "Organization"]
    /// The resource types searched for a patient (US Core R4 / Argonaut DSTU2 types that become clinical records).
    public static let resourceTypes = ["AllergyIntolerance", "Condition", "Coverage", "DiagnosticReport", "DocumentReference",
                                       "Immunization", "MedicationDispense", "MedicationOrder", "MedicationRequest",
                                       "MedicationStatement", "Observation", "Procedure"]
    /// Page size asked for.
    public var pageSize = 100
    /// How many resources of a search's pages are stored in one transaction at most (``PagesToStore``).
    public var resourcesPerCommit = 500
    /// How many bytes of pages wait to be stored at most.
    public var bytesPerCommit = 4 << 20
    /// The most pages one search may take (a guard against servers that page forever).
    public var maximumPages = 1000
    /// How far before the last search's server time `_lastUpdated` asks from (clock skew, in-flight writes).
    public var overlap: TimeInterval = 120
    /// How often a sync is a full check (no `_lastUpdated`; records the source no longer returns are removed).
    public var fullCheckInterval: TimeInterval = 7 * 24 * 3600
    /// How long before its expiry an access token is refreshed.
    public var refreshMargin: TimeInterval = 60
    /// Told when the sync starts and as each type finishes (its checkpoint saved), for progress output.
    public var progress: (@Sendable (SyncProgress) -> Void)?

    let connections: ConnectionStore
    let http: HTTPTransport
    let health: HKHealthStore

    /// A sync of connections in `connections` into `health`.
    public init(connections: ConnectionStore, http: HTTPTransport, health: HKHealthStore) {
        self.connections = connections
        self.http = http
        self.health = health
    }

    /// Syncs connection `id`. A full check (`full`, or by default when the last one is older than
    /// ``fullCheckInterval``) ignores checkpoints and removes the records of each completely searched type that the
    /// source no longer returns (tombstones, so anchored queries see it). Throws only when the sync could not start
    /// (unknown connection, needs sign-in); everything else is in the report, per type.
    public func sync(_ id: String, full: Bool? = nil) async throws -> SyncReport {
        try connections.separateSharedSources()
        var connection = try connections.connection(id)
        guard connection.status == .active else { throw ProviderError(.refresh, "connection \(id) needs sign-in") }
        let keeper = TokenKeeper(connectionID: id, store: connections, http: http, margin: refreshMargin)
        let session = FHIRSession(base: connection.fhirBase, keeper: keeper, http: http, accept: connection.accept ?? "application/fhir+json")
        let ingestor = ClinicalRecordIngestor(store: health, institution: connection.institutionForRecords)
        var report = SyncReport(connectionID: id)
        let full = full ?? connection.lastFullCheck.map { Date().timeIntervalSince($0) >= fullCheckInterval } ?? true
        report.fullCheck = full
        progress?(.started(fullCheck: full, sinceLastSync: !full && !connection.checkpoints.isEmpty))
        let capabilities = await readCapabilities(session)
        let lookahead = SearchLookahead(plan: plannedSearches(connection, capabilities: capabilities, full: full), session: session,
                                        maximumPages: maximumPages)
        defer { lookahead.cancel() }
        lookahead.start(after: nil)
        if connection.granted.allowsRead("Patient") {
            report.patientError = await readPatient(connection, session)
            if let error = report.patientError, error.needsSignIn || error.step == .refresh { return try finish(report, &connection) }
        }
        var checkpoints = connection.checkpoints
        // A full check into a source that keeps nothing yet (a first sync) has nothing to remove: everything stored
        // comes from this sync's own searches. Reading every stored record back to find that out cost a full read.
        let keptBefore = !full || ((try? health.hasClinicalRecords(from: ingestor.institution.source)) ?? true)
        let referenced = ReferencedResources(), attachments = DocumentAttachments()
        let kept = (try? connections.parties(of: id)) ?? ReferencedParties(fhirBase: connection.fhirBase)
        let parties = PartyFetcher(kept: kept, refresh: full, granted: connection.granted)
        // The connection as read from its file when the type before saved its checkpoints.
        var saved: ProviderConnection?
        for type in Self.resourceTypes {
            var result = SyncReport.TypeResult(resourceType: type)
            defer {
                report.types.append(result)
                progress?(.finished(result))
            }
            // The scopes may have changed on refresh: read them again (the checkpoints' save has just read them).
            let granted = (saved ?? (try? connections.connection(id)))?.granted ?? connection.granted
            saved = nil
            guard let restrictions = granted.searchRestrictions(type) else { result.notSearched = "not granted"; continue }
            guard capabilities.serves(type) else { result.notSearched = "not offered by the server"; continue }
            let queries = Self.queries(type, connection: connection, restrictions: restrictions)
            let whole = connection.searchParameters?[type] != nil || restrictions == [nil]
            let run = TypeRun(type: type, queries: queries, connection: connection, session: session, ingestor: ingestor,
                              referenced: referenced, attachments: attachments, parties: parties, lookahead: lookahead,
                              lastUpdated: capabilities.supportsLastUpdated(type))
            var returned = await searchAll(run, incremental: !full, checkpoints: &checkpoints, report: &report, result: &result)
            var check = full
            // Deletions are invisible to _lastUpdated: when the source now has fewer than we keep, check this type whole.
            if !full, restrictions == [nil], connection.searchParameters?[type] == nil, result.error == nil,
               await sourceDropped(run, stored: health) {
                returned = await searchAll(run, incremental: false, checkpoints: &checkpoints, report: &report, result: &result)
                check = true
            }
            // A whole check of a type searched whole (not narrowed by a scope's query) removes what the source dropped.
            if check, whole, keptBefore, result.error == nil {
                do {
                    result.removed = try health.removeClinicalRecords(from: ingestor.institution.source, resourceType: type, keeping: returned)
                } catch {
                    result.error = ProviderError(.storage, "removing \(type) records the source no longer has: \(error)")
                }
            }
            // Saved per type, so a sync killed midway resumes from the types it finished (re-fetched pages are upserts);
            // the last type's with the connection at the end (one write and sync of the file fewer).
            if type != Self.resourceTypes.last { saved = try connections.update(id) { $0.checkpoints = checkpoints } }
            if let changed = parties.changes() { try connections.saveParties(changed, of: id) }
            if let error = result.error, error.needsSignIn || error.step == .refresh { break }
        }
        connection.checkpoints = checkpoints
        report.parties = parties.counts
        return try finish(report, &connection)
    }

    /// Reads the Patient (the grant's first check); the failure, if any.
    private func readPatient(_ connection: ProviderConnection, _ session: FHIRSession) async -> ProviderError? {
        let url = FHIRURL.join(connection.fhirBase, "Patient/" + FormBody.escape(connection.patientID))
        do {
            let answer = try await session.get(url, step: .patient)
            return answer.status == 200 ? nil : FHIRSession.failure(answer, url: url, step: .patient)
        } catch let error as ProviderError {
            return error
        } catch {
            return ProviderError(.patient, "\(error)")
        }
    }

    private func finish(_ report: SyncReport, _ connection: inout ProviderConnection) throws -> SyncReport {
        let checkpoints = connection.checkpoints
        try connections.update(connection.id) { latest in
            latest.checkpoints = checkpoints
            latest.lastSync = Date()
            latest.lastError = report.isComplete ? nil : report.problems.first
            if report.fullCheck, report.isComplete { latest.lastFullCheck = latest.lastSync }
            latest = ProviderSchedule.scheduled(latest, complete: report.isComplete, now: latest.lastSync ?? Date())
        }
        return report
    }

    /// Runs one search of `run` and follows its pages; returns the server time to ask from next time (nil if unknown)
    /// and the ids of the type's resources returned (unreadable ones too: the source still has them).
    func search(_ run: TypeRun, query: String?, since: String?, result: inout SyncReport.TypeResult) async throws -> (String?, Set<String>) {
        let (type, session, ingestor, lookahead) = (run.type, run.session, run.ingestor, run.lookahead)
        let step = ProviderError.Step.download(resourceType: type)
        guard let first = Self.searchURL(type, query: query, since: since, connection: run.connection, pageSize: pageSize) else {
            throw ProviderError(step, "cannot build the search URL for \(type)")
        }
        result.searches += 1
        let pages = lookahead.take(first) ?? SearchPages(first: first, session: session, step: step, maximumPages: maximumPages,
                                                         whenDownloaded: { lookahead.start(after: first) })
        defer { pages.cancel() }
        var serverTime: String?, identifiers = Set<String>()
        var waiting = PagesToStore(resources: resourcesPerCommit, bytes: bytesPerCommit)
        do {
            try await readPages(run, pages, into: &waiting, serverTime: &serverTime, identifiers: &identifiers, result: &result)
        } catch {
            // The pages read before the failure are stored, as they would have been one by one.
            try? waiting.store(ingestor, into: &result)
            throw error
        }
        try waiting.store(ingestor, into: &result)
        return (serverTime, identifiers)
    }

    /// Reads the pages of one search in order, storing them through `waiting` (several pages a transaction).
    private func readPages(_ run: TypeRun, _ pages: SearchPages, into waiting: inout PagesToStore, serverTime: inout String?,
                           identifiers: inout Set<String>, result: inout SyncReport.TypeResult) async throws {
        let (type, session, ingestor) = (run.type, run.session, run.ingestor)
        let step = ProviderError.Step.download(resourceType: type)
        while let page = try await pages.next() {
            if page.number == 1 { serverTime = Self.serverTime(page.response, overlap: overlap) }
            var body = page.response.body
            if type == "DocumentReference" {
                let inlined = await run.attachments.inlined(page: body, session: session)
                body = inlined.page
                result.attachmentsInlined += inlined.inlined
                result.attachmentProblems += inlined.problems
            }
            let read = ingestor.reader.read(body)
            // Broken JSON: what follows the break is unknown, so the search fails (nothing is removed, the checkpoint
            // stays) rather than taking the entries before it as everything the page holds. The page's top level is a
            // Bundle (SearchPages checked), so the reader fails at the top level only where the JSON itself breaks.
            if let stopped = read.stopped {
                throw ProviderError(step, stopped.path.isEmpty ? "page \(page.number): the answer is not a FHIR Bundle (\(stopped.reason))"
                                                               : "page \(page.number): \(stopped)")
            }
            for item in read.resources where item.resource.resourceType == type { identifiers.insert(item.identifier) }
            for unread in read.unreadIdentities where unread.resourceType == type { identifiers.insert(unread.id) }
            await run.parties.collect(resources: read.resources, session: session)
            result.pages += 1
            let context = await run.referenced.medications(for: read.resources, type: type, session: session, reader: ingestor.reader)
            try waiting.add(.init(read: read, location: "\(type) page \(page.number)", context: context), bytes: body.count,
                            ingestor, into: &result)
            if type == "DocumentReference" {
                let (stored, problems) = await run.attachments.store(page: page.response.body, session: session, health: health,
                                                                     source: ingestor.institution.source)
                result.documentsStored += stored
                result.attachmentProblems += problems
            }
        }
    }

    /// The page after `url` by `links`: nil at the end (no `next`, or one already seen or equal to `self` or
    /// `previous`); throws when it is not a URL or leaves the FHIR server's origin (the token never leaves it).
    static func nextPage(_ links: [String: String], after url: URL, base: URL, seen: Set<String>, step: ProviderError.Step,
                         page: Int) throws -> URL? {
        guard let next = links["next"] else { return nil }
        guard let nextURL = URL(string: next, relativeTo: url)?.absoluteURL else { throw ProviderError(step, "page \(page): next link is not a URL") }
        guard FHIRURL.sameOrigin(nextURL, base) else {
            throw ProviderError(step, "page \(page): the next link points outside the FHIR server (\(nextURL.host ?? "?"))")
        }
        if seen.contains(nextURL.absoluteString) || next == links["self"] || next == links["previous"] || next == links["prev"] { return nil }
        return nextURL
    }

    /// The server's clock at the answer (its `Date` header) minus `overlap`, as a FHIR instant.
    static func serverTime(_ answer: HTTPTransport.Response, overlap: TimeInterval) -> String? {
        guard let date = answer.header("Date").flatMap(HTTPTransport.httpDate) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date.addingTimeInterval(-overlap))
    }

    /// The CapabilityStatement, asked without a token first (it is public on most servers), then with one.
    private func readCapabilities(_ session: FHIRSession) async -> ServerCapabilities {
        let url = FHIRURL.join(session.base, "metadata")
        var request = URLRequest(url: url)
        request.setValue(session.accept, forHTTPHeaderField: "Accept")
        var answer = try? await http.send(request, step: .capabilities)
        if answer?.status == 401 || answer?.status == 403 { answer = try? await session.get(url, step: .capabilities) }
        guard let answer, answer.status == 200, let capabilities = ServerCapabilities(json: answer.body) else {
            return ServerCapabilities(searchParameters: nil)
        }
        return capabilities
    }
}
