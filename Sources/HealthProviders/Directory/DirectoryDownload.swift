import Crypto
public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Directory bundles downloaded from their publishers (Epic's Brands list is about 90 MB), kept in a cache folder with
/// their `ETag`: a later download sends `If-None-Match` and a `304 Not Modified` reuses the kept copy, as the Brands
/// specification asks of apps.
public struct DirectoryDownload: Sendable {
    /// Where copies are kept: `<hash of the URL>.json` and `.etag` beside it.
    public let cache: URL
    let http: HTTPTransport

    /// Downloads through `http`, keeping copies in `cache` (created if needed).
    public init(cache: URL, http: HTTPTransport) {
        self.cache = cache
        self.http = http
    }

    /// The default cache folder: `$XDG_CACHE_HOME/openhealthkit/directories`, else `~/.cache/openhealthkit/directories`.
    public static var defaultCache: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("openhealthkit/directories")
    }

    /// The bundle at `url`, and whether the kept copy was used (the publisher answered 304).
    public func fetch(_ url: URL) async throws -> (data: Data, notModified: Bool) {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let key = SHA256.hash(data: Data(url.absoluteString.utf8)).map { String(format: "%02x", $0) }.joined().prefix(32)
        let copy = cache.appendingPathComponent("\(key).json"), tag = cache.appendingPathComponent("\(key).etag")
        var request = URLRequest(url: url)
        request.setValue("application/fhir+json, application/json", forHTTPHeaderField: "Accept")
        let kept = try? Data(contentsOf: copy)
        if kept != nil, let etag = try? String(contentsOf: tag, encoding: .utf8), !etag.isEmpty {
            request.setValue(etag, forHTTPHeaderField: "If-None-Match")
        }
        let answer = try await http.send(request, step: .discovery)
        if answer.status == 304, let kept { return (kept, true) }
        guard answer.status == 200 else {
            throw ProviderError(.discovery, "\(HTTPTransport.describe(request)): HTTP \(answer.status) for the directory", status: answer.status)
        }
        try answer.body.write(to: copy, options: .atomic)
        if let etag = answer.header("ETag") { try Data(etag.utf8).write(to: tag, options: .atomic) } else { try? FileManager.default.removeItem(at: tag) }
        return (answer.body, false)
    }
}
