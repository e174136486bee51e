import Foundation

/// The PostgreSQL server the PostgreSQL engine's tests use: `$OPENHEALTHKIT_TEST_POSTGRES`, a `postgres://` URL
/// (`.ci/postgres start` starts a throwaway one and writes its URL to `.build/postgres/url`; `.ci/run` exports it).
/// Without it, tests that need the server skip with ``missingMessage``, except in CI (`$CI` set), where they fail.
public enum TestPostgres {
    /// The server's URL, or nil when the variable is unset or empty.
    public static let url: String? = {
        guard let url = ProcessInfo.processInfo.environment["OPENHEALTHKIT_TEST_POSTGRES"], !url.isEmpty else { return nil }
        return url
    }()

    /// The same server reached over TLS: `$OPENHEALTHKIT_TEST_POSTGRES_TLS`, a URL with `sslmode=verify-full` and
    /// `sslrootcert` naming the cluster's self-signed authority, as a role the server admits over TLS only
    /// (`.ci/postgres start` writes it to `.build/postgres/tls-url`). Nil when unset or empty.
    public static let tlsURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["OPENHEALTHKIT_TEST_POSTGRES_TLS"], !url.isEmpty else { return nil }
        return url
    }()

    /// Whether this run must have the server (CI).
    public static let required: Bool = {
        guard let ci = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !ci.isEmpty && ci != "false" && ci != "0"
    }()

    /// What a skipped test says.
    public static let missingMessage = "skipped: OPENHEALTHKIT_TEST_POSTGRES is not set (start a server with "
        + "`.ci/postgres start`, then `export OPENHEALTHKIT_TEST_POSTGRES=$(cat .build/postgres/url)`)"
}
