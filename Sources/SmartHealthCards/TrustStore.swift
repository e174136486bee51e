public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The issuers a verifier trusts: their keys and revocation lists.
///
/// Keys come from local files: an issuer's JWKS, a folder laid out like an issuer's site
/// (`.well-known/jwks.json`, `.well-known/crl/<kid>.json`), or a directory snapshot such as the VCI list.
/// Keys loaded without an issuer (``addKeys(_:revocationLists:)``) are trusted for whatever issuer a card
/// names, which is what `health cards verify --keys` means. Keys are fetched from the network only by
/// ``fetchIssuer(_:)``, which nothing calls unless asked.
public struct TrustStore: Sendable {
    /// Keys by issuer URL.
    public private(set) var issuers: [String: [JSONWebKey]] = [:]
    /// Keys trusted for any issuer.
    public private(set) var anyIssuerKeys: [JSONWebKey] = []
    /// Revocation lists by key id.
    public private(set) var revocationLists: [String: RevocationList] = [:]

    /// An empty trust store.
    public init() {}

    /// Trusts `keys` for `issuer` (normalised without a trailing slash).
    public mutating func addIssuer(_ issuer: String, keys: [JSONWebKey]) {
        issuers[issuer, default: []] += keys
    }

    /// Trusts `keys` for any issuer, with their revocation lists.
    public mutating func addKeys(_ keys: [JSONWebKey], revocationLists lists: [RevocationList] = []) {
        anyIssuerKeys += keys
        for list in lists { revocationLists[list.kid] = list }
    }

    /// Adds a revocation list.
    public mutating func addRevocationList(_ list: RevocationList) { revocationLists[list.kid] = list }

    /// The keys a card from `issuer` may be signed with.
    public func keys(for issuer: String) -> [JSONWebKey] { (issuers[issuer] ?? []) + anyIssuerKeys }

    /// Loads `url`, trusted for `issuer` (for any issuer when nil): a JWKS file, or a folder with
    /// `.well-known/jwks.json` and optional `.well-known/crl/<kid>.json` lists. Throws ``TrustStoreError``
    /// naming the file and problem.
    public mutating func load(keysAt url: URL, issuer: String? = nil) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw TrustStoreError("\(url.path): no such file or folder")
        }
        guard isFolder.boolValue else {
            add(try Self.decode(JSONWebKeySet.self, at: url).keys, lists: [], issuer: issuer)
            return
        }
        let wellKnown = url.appendingPathComponent(".well-known")
        let keys = try Self.decode(JSONWebKeySet.self, at: wellKnown.appendingPathComponent("jwks.json")).keys
        let crlFolder = wellKnown.appendingPathComponent("crl")
        var lists: [RevocationList] = []
        for key in keys {
            guard let kid = key.kid else { continue }
            let file = crlFolder.appendingPathComponent(kid + ".json")
            if FileManager.default.fileExists(atPath: file.path) { lists.append(try Self.decode(RevocationList.self, at: file)) }
        }
        add(keys, lists: lists, issuer: issuer)
    }

    private mutating func add(_ keys: [JSONWebKey], lists: [RevocationList], issuer: String?) {
        if let issuer { addIssuer(issuer, keys: keys) } else { anyIssuerKeys += keys }
        for list in lists { revocationLists[list.kid] = list }
    }

    /// Loads a directory snapshot (the VCI format: `issuerInfo[].issuer.iss` and `issuerInfo[].keys`).
    public mutating func load(directorySnapshotAt url: URL) throws {
        struct Snapshot: Decodable {
            struct Info: Decodable {
                struct Issuer: Decodable { var iss: String }
                var issuer: Issuer
                var keys: [JSONWebKey]?
            }
            var issuerInfo: [Info]
        }
        for info in try Self.decode(Snapshot.self, at: url).issuerInfo {
            addIssuer(info.issuer.iss, keys: info.keys ?? [])
        }
    }

    /// Fetches `<issuer>/.well-known/jwks.json` and trusts its keys for `issuer` (only when the caller asks).
    public mutating func fetchIssuer(_ issuer: String) async throws {
        guard let url = URL(string: issuer + "/.well-known/jwks.json"), url.scheme == "https" else {
            throw TrustStoreError("\(issuer): the issuer must be an https URL to fetch its keys")
        }
        let (data, _) = try await URLSession.shared.data(from: url)
        do {
            addIssuer(issuer, keys: try JSONDecoder().decode(JSONWebKeySet.self, from: data).keys)
        } catch {
            throw TrustStoreError("\(url.absoluteString): not a JWKS (\(error))")
        }
    }

    /// The largest key set, revocation list or directory snapshot read (16 MiB; the VCI snapshot of 651 issuers is 0.9 MB).
    public static let maximumFileBytes = 16 << 20

    private static func decode<T: Decodable>(_ type: T.Type, at url: URL) throws -> T {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        if let size, size > maximumFileBytes {
            throw TrustStoreError("\(url.path): \(size) bytes; key files are read up to \(maximumFileBytes) bytes")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw TrustStoreError("\(url.path): cannot read") }
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw TrustStoreError("\(url.path): not a valid \(type == JSONWebKeySet.self ? "JWKS" : String(describing: type))")
        }
    }
}

/// A trust-store file that could not be used.
public struct TrustStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file and the problem.
    public var description: String
    /// An error with `description`.
    public init(_ description: String) { self.description = description }
}
