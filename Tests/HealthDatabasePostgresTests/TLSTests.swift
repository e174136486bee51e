import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// `sslmode`, `sslrootcert`, `sslcert` and `sslkey` against the throwaway cluster's TLS (a self-signed authority; a role
/// the server admits over TLS only, so a store that opens and works was reached over TLS; one it admits only with a
/// client certificate that authority signed).
@Suite(.enabled(if: TestPostgres.tlsURL != nil || TestPostgres.required,
                "skipped: OPENHEALTHKIT_TEST_POSTGRES_TLS is not set (`.ci/postgres start` writes it to .build/postgres/tls-url)"))
struct TLSTests {
    /// The TLS URL with its `sslmode` and `sslrootcert` replaced (nil: left out) and its host changed.
    static func url(mode: String?, root: String?, host: String? = nil) throws -> String {
        let tlsURL = try #require(TestPostgres.tlsURL, "OPENHEALTHKIT_TEST_POSTGRES_TLS is not set")
        var parts = try #require(URLComponents(string: tlsURL))
        var items = (parts.queryItems ?? []).filter { $0.name != "sslmode" && $0.name != "sslrootcert" }
        if let mode { items.append(URLQueryItem(name: "sslmode", value: mode)) }
        if let root { items.append(URLQueryItem(name: "sslrootcert", value: root)) }
        parts.queryItems = items
        if let host { parts.host = host }
        return try #require(parts.string)
    }

    /// The authority the cluster's certificate is signed by, from the URL.
    static var authority: String {
        get throws {
            let tlsURL = try #require(TestPostgres.tlsURL)
            let parts = try #require(URLComponents(string: tlsURL))
            return try #require(parts.queryItems?.first { $0.name == "sslrootcert" }?.value)
        }
    }

    /// Opens a new owner's store through a database object of its own, saves a sample and reads it back.
    static func roundTrip(_ url: String) throws {
        let storage = try PostgresHealthDatabase(url: url, schema: "ohk_tls_tests", maxConnections: 1).storage(owner: "tls-" + UUID().uuidString)
        let sample = OwnerIsolationTests.sample(1)
        _ = try storage.save([sample])
        #expect(try storage.records(matching: .all, sort: [], limit: nil) == [sample])
    }

    @Test("verify-full with the authority, by name and by IP address; require, verify-ca and prefer; all over TLS")
    func encryptedModesWork() throws {
        try Self.roundTrip(Self.url(mode: "verify-full", root: Self.authority))
        try Self.roundTrip(Self.url(mode: "verify-full", root: Self.authority, host: "127.0.0.1"))
        try Self.roundTrip(Self.url(mode: "verify-ca", root: Self.authority))
        try Self.roundTrip(Self.url(mode: "require", root: nil))
        try Self.roundTrip(Self.url(mode: "prefer", root: nil))
    }

    @Test("no TLS where the server demands it, an unrelated authority or a missing file: a clear error")
    func refusals() throws {
        let other = URL(fileURLWithPath: try Self.authority).deletingLastPathComponent().appendingPathComponent("other-ca.pem").path
        let cases: [(String, String)] = [
            (try Self.url(mode: "disable", root: nil), "no encryption"),
            (try Self.url(mode: nil, root: nil), "no encryption"),
            (try Self.url(mode: "verify-full", root: other), "certificate"),
            (try Self.url(mode: "require", root: other), "certificate"),
            (try Self.url(mode: "verify-full", root: "/no/such/ca.pem"), "sslrootcert /no/such/ca.pem is not a readable PEM certificate file"),
            (try Self.url(mode: "allow", root: nil), "sslmode=allow is not one of disable, prefer, require, verify-ca, verify-full"),
        ]
        try Self.expectRefused(cases)
    }

    /// Each URL fails to open a store, with an error holding its message.
    static func expectRefused(_ cases: [(String, String)]) throws {
        for (url, message) in cases {
            do {
                try Self.roundTrip(url)
                Issue.record("\(url) opened")
            } catch {
                #expect("\(error)".localizedCaseInsensitiveContains(message), "\(url): \(error)")
            }
        }
    }

    @Test("sslcert and sslkey: the role the server admits only with a client certificate gets in with it, not without")
    func clientCertificate() throws {
        let folder = URL(fileURLWithPath: try Self.authority).deletingLastPathComponent()
        let certificate = folder.appendingPathComponent("client.pem").path, key = folder.appendingPathComponent("client.key").path
        try #require(FileManager.default.fileExists(atPath: certificate), "no \(certificate): a cluster from an older .ci/postgres")
        /// The TLS URL as role ohk_cert, with `items` added.
        func url(_ items: [String: String]) throws -> String {
            var parts = try #require(URLComponents(string: try Self.url(mode: "verify-full", root: Self.authority)))
            parts.user = "ohk_cert"
            parts.queryItems = (parts.queryItems ?? []) + items.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            return try #require(parts.string)
        }
        try Self.roundTrip(url(["sslcert": certificate, "sslkey": key]))
        try Self.expectRefused([
            (try url([:]), "requires a valid client certificate"),
            (try url(["sslcert": certificate]), "sslcert needs sslkey"),
            (try url(["sslkey": key]), "sslkey needs sslcert"),
            (try url(["sslcert": certificate, "sslkey": "/no/such/client.key"]), "sslkey /no/such/client.key is not a readable PEM private key file"),
            (try url(["sslcert": "/no/such/client.pem", "sslkey": key]), "sslcert /no/such/client.pem is not a readable PEM certificate file"),
        ])
    }
}
