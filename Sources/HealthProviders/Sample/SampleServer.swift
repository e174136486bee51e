import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built-in sample institutions' FHIR servers and SMART authorization servers, answered inside the process (no
/// network): ``HTTPTransport`` hands it every request for a host under ``domain`` (a reserved `.invalid` name, so
/// nothing can leak to a real server). They behave as a real pair does, so a sample connection connects, syncs and
/// refreshes through the same code as any other: discovery, PKCE-checked codes, expiring bearer tokens (401 after
/// expiry) and rotating refresh tokens, a CapabilityStatement (R4 lists `_lastUpdated`; the DSTU2 Conformance does
/// not), `patient` searches with paging, `_lastUpdated=gt`, `_summary=count`, Argonaut's required Observation
/// `category`, reads of Medications and Binaries (the CDA document), and a `Date` header.
struct SampleServer: Sendable {
    /// The domain sample institutions live under.
    static let domain = "sample.openhealthkit.invalid"
    /// The server's clock (tests move it to see new weekly readings).
    let clock: @Sendable () -> Date
    /// The institutions served (``SampleInstitution/all``, or a test's).
    let institutions: [SampleInstitution]

    init(clock: @escaping @Sendable () -> Date = { Date() }, institutions: [SampleInstitution] = SampleInstitution.all) {
        self.clock = clock
        self.institutions = institutions
    }

    /// Whether `url` belongs to a sample institution.
    static func serves(_ url: URL) -> Bool {
        url.host?.lowercased().hasSuffix("." + domain) == true
    }

    /// The answer to `request`.
    func respond(to request: URLRequest) -> HTTPTransport.Response {
        guard let url = request.url, let sample = institutions.first(where: { $0.fhirBase.host == url.host }) else {
            return Self.outcome(404, "no such sample institution")
        }
        let now = clock()
        var answer: HTTPTransport.Response
        if url.path.hasPrefix("/oauth2/") {
            answer = SampleAuthorization(sample: sample, now: now).respond(to: request)
        } else if url.path.hasPrefix(sample.fhirBase.path + "/") {
            answer = fhir(request, sample: sample, path: String(url.path.dropFirst(sample.fhirBase.path.count + 1)), now: now)
        } else {
            answer = Self.outcome(404, "\(url.path) is not on this server")
        }
        answer.headers["Date"] = Self.httpDate(now)
        return answer
    }

    private func fhir(_ request: URLRequest, sample: SampleInstitution, path: String, now: Date) -> HTTPTransport.Response {
        if path == ".well-known/smart-configuration" { return SampleAuthorization(sample: sample, now: now).configuration() }
        if path == "metadata" { return Self.json(SampleCapabilities.statement(sample), type: sample.contentType) }
        guard SampleAuthorization.accepts(request.value(forHTTPHeaderField: "Authorization"), now: now) else {
            return HTTPTransport.Response(status: 401, headers: ["WWW-Authenticate": "Bearer realm=\"sample\""], body: Data())
        }
        let resources = sample.resources(now: now)
        let parts = path.split(separator: "/").map(String.init)
        if parts.count == 2 {
            let accept = request.value(forHTTPHeaderField: "Accept")
            if parts[0] == "Binary", sample.chart.notes.contains(where: { "\($0.id)-document" == parts[1] && $0.cda }) {
                return binary(sample.chart.cdaDocument(institution: sample.institution), type: "application/xml", id: parts[1], accept: accept)
            }
            if parts[0] == "Binary", let note = sample.chart.notes.first(where: { "\($0.id)-text" == parts[1] && !$0.cda }) {
                return binary(Data(note.text.utf8), type: "text/plain", id: parts[1], accept: accept)
            }
            let all = resources + SampleResourcesR4.medications(sample.chart)
            guard let found = all.first(where: { $0["resourceType"] as? String == parts[0] && $0["id"] as? String == parts[1] }) else {
                return Self.outcome(404, "\(parts[0])/\(parts[1]) is not known")
            }
            return Self.json(found, type: sample.contentType)
        }
        guard parts.count == 1, let url = request.url else { return Self.outcome(400, "unsupported request \(path)") }
        return SampleSearch(sample: sample, type: parts[0], url: url).answer(resources)
    }

    /// A Binary: the raw bytes when the client asks for their type first, else a FHIR Binary with base64 `data`.
    private func binary(_ bytes: Data, type: String, id: String, accept: String?) -> HTTPTransport.Response {
        if accept?.lowercased().hasPrefix(type) == true {
            return HTTPTransport.Response(status: 200, headers: ["Content-Type": type], body: bytes)
        }
        return Self.json(["resourceType": "Binary", "id": id, "contentType": type, "data": bytes.base64EncodedString()],
                         type: "application/fhir+json")
    }

    static func json(_ object: [String: Any], status: Int = 200, type: String = "application/fhir+json") -> HTTPTransport.Response {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPTransport.Response(status: status, headers: ["Content-Type": type], body: body)
    }

    /// An OperationOutcome answer.
    static func outcome(_ status: Int, _ diagnostics: String) -> HTTPTransport.Response {
        json(["resourceType": "OperationOutcome", "issue": [["severity": "error", "code": status == 404 ? "not-found" : "invalid",
                                                            "diagnostics": diagnostics]]], status: status)
    }

    /// An ISO 8601 instant, seconds precision.
    static func instant(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// `yyyy-MM-dd` in UTC.
    static func day(_ date: Date) -> String { String(instant(date).prefix(10)) }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
