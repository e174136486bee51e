import Crypto
public import Foundation

/// A card that passed every check: its JWS, payload and the key that signed it.
public struct VerifiedSmartHealthCard: Sendable {
    /// The compact JWS.
    public var jws: String
    /// The decoded payload.
    public var payload: HealthCardPayload
    /// The inflated payload bytes.
    public var payloadData: Data
    /// The issuer key that verified the signature.
    public var key: JSONWebKey
    /// Checks that could not be made (no revocation list for a key that has one), for the verdict.
    public var warnings: [String]

    /// The card's identity for storage: the base64url SHA-256 of its JWS.
    public var identity: String { Base64URL.encode(Data(SHA256.hash(data: Data(jws.utf8)))) }
}

/// Verifies SMART Health Cards against a trust store: header, compression, key id, signature, revocation
/// and validity dates, in that order; the first failure throws a ``SmartHealthCardError`` naming its check.
public struct SmartHealthCardVerifier: Sendable {
    /// The trusted issuers, keys and revocation lists.
    public var trustStore: TrustStore
    /// The time validity is judged at.
    public var now: Date

    /// A verifier over `trustStore`, judging validity at `now`.
    public init(trustStore: TrustStore, now: Date = Date()) {
        self.trustStore = trustStore
        self.now = now
    }

    /// Verifies one compact JWS.
    public func verify(jws text: String) throws(SmartHealthCardError) -> VerifiedSmartHealthCard {
        let jws = try CompactJWS(text)
        guard let alg = jws.header.alg else { throw SmartHealthCardError(.headerAlgorithm, "the header has no alg (must be ES256)") }
        guard alg == "ES256" else { throw SmartHealthCardError(.headerAlgorithm, "the header's alg is \(alg), not ES256") }
        guard let zip = jws.header.zip else { throw SmartHealthCardError(.headerCompression, "the header has no zip (must be DEF)") }
        guard zip == "DEF" else { throw SmartHealthCardError(.headerCompression, "the header's zip is \(zip), not DEF") }
        guard let kid = jws.header.kid, !kid.isEmpty else { throw SmartHealthCardError(.headerKeyID, "the header has no kid") }
        let data = try RawInflate.inflate(jws.payload)
        let payload = try HealthCardPayload.decode(data)
        let key = try issuerKey(kid: kid, issuer: payload.iss)
        try checkSignature(jws, key: key)
        let warnings = try checkRevocation(payload, key: key)
        try payload.checkValidity(at: now)
        return VerifiedSmartHealthCard(jws: text, payload: payload, payloadData: data, key: key, warnings: warnings)
    }

    /// The issuer a JWS claims, read without verifying anything (to decide whose keys to fetch).
    public static func claimedIssuer(of jws: String) -> String? {
        guard let parsed = try? CompactJWS(jws), let data = try? RawInflate.inflate(parsed.payload) else { return nil }
        return try? HealthCardPayload.decode(data).iss
    }

    /// The trusted key of `issuer` whose RFC 7638 thumbprint is `kid`.
    private func issuerKey(kid: String, issuer: String) throws(SmartHealthCardError) -> JSONWebKey {
        let keys = trustStore.keys(for: issuer)
        guard !keys.isEmpty else {
            throw SmartHealthCardError(.issuerTrust, "the issuer \(issuer) is not in the trust store")
        }
        if let key = keys.first(where: { $0.thumbprint == kid }) { return key }
        if let named = keys.first(where: { $0.kid == kid }) {
            throw SmartHealthCardError(.headerKeyID, "kid \(kid) is not the RFC 7638 thumbprint of the issuer key (\(named.thumbprint ?? "none"))")
        }
        throw SmartHealthCardError(.headerKeyID, "no trusted key of \(issuer) has the thumbprint \(kid)")
    }

    private func checkSignature(_ jws: CompactJWS, key: JSONWebKey) throws(SmartHealthCardError) {
        if let problem = key.validationProblem, problem.check == .signature { throw problem }
        let publicKey = try key.publicKey()
        guard jws.signature.count == 64 else {
            let der = jws.signature.first == 0x30 ? " (it looks DER-encoded; JWS needs raw r||s)" : ""
            throw SmartHealthCardError(.signature, "an ES256 signature is 64 bytes, this one is \(jws.signature.count)\(der)")
        }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: jws.signature),
              publicKey.isValidSignature(signature, for: jws.signingInput) else {
            throw SmartHealthCardError(.signature, "the signature does not verify with issuer key \(key.kid ?? "?")")
        }
    }

    /// Checks the key's revocation list, when the key has one; returns a warning when it should and none is loaded.
    private func checkRevocation(_ payload: HealthCardPayload, key: JSONWebKey) throws(SmartHealthCardError) -> [String] {
        guard let kid = key.thumbprint, let list = trustStore.revocationLists[kid] ?? key.kid.flatMap({ trustStore.revocationLists[$0] }) else {
            return key.crlVersion == nil || payload.vc.rid == nil ? []
                : ["revocation not checked: no revocation list loaded for key \(key.kid ?? "?") (crlVersion \(key.crlVersion!))"]
        }
        guard list.method == "rid" else { throw SmartHealthCardError(.revocation, "the revocation list's method is \(list.method), not rid") }
        if let version = key.crlVersion, version != list.ctr {
            throw SmartHealthCardError(.revocation, "the revocation list is version \(list.ctr), the key announces crlVersion \(version)")
        }
        var seen: Set<String> = []
        for entry in list.rids {
            let rid = String(entry.split(separator: ".", maxSplits: 1).first ?? "")
            guard !rid.isEmpty, rid.count <= 24, Base64URL.decode(rid) != nil else {
                throw SmartHealthCardError(.revocation, "the revocation list has a malformed rid \"\(entry)\"")
            }
            guard seen.insert(rid).inserted else { throw SmartHealthCardError(.revocation, "the revocation list names rid \"\(rid)\" twice") }
        }
        guard let rid = payload.vc.rid else { return [] }
        for entry in list.rids {
            let parts = entry.split(separator: ".", maxSplits: 1)
            guard parts.first.map(String.init) == rid else { continue }
            if parts.count == 2, let cutoff = Double(parts[1]), payload.nbf >= cutoff { continue }
            throw SmartHealthCardError(.revocation, "the card (rid \(rid)) is revoked by its issuer")
        }
        return []
    }
}
