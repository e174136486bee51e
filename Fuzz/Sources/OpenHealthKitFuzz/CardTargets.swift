import Foundation
@testable import SmartHealthCards

/// SMART Health Cards: what a person has (shc:/ QR text, .smart-health-card files, JWS), the DEFLATE payload, issuer
/// key sets and revocation lists.
enum CardTargets {
    /// The spec's example issuer, loaded once from the test corpora (empty without them: parsing is still fuzzed).
    nonisolated(unsafe) static var trust = TrustStore()
    /// A card the spec issuer signed, for the revocation target.
    nonisolated(unsafe) static var exampleCard = ""

    static let loadExamples: @Sendable () -> Void = {
        let root = ProcessInfo.processInfo.environment["OPENHEALTHKIT_TESTDATA"] ?? "../../shared/testdata"
        let examples = URL(fileURLWithPath: root).appendingPathComponent("smart-health-cards/spec-examples")
        try? trust.load(keysAt: examples.appendingPathComponent("issuer"))
        exampleCard = ((try? String(contentsOf: examples.appendingPathComponent("example-00-d-jws.txt"), encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Card input text, then verification of every JWS found.
    static let card = FuzzTarget(name: "card", prepare: loadExamples) { data in
        guard let list = try? SmartHealthCardInput.jwsList(from: [String(decoding: data, as: UTF8.self)]) else { return }
        let verifier = SmartHealthCardVerifier(trustStore: trust, now: Date(timeIntervalSince1970: 1_700_000_000))
        for jws in list { _ = try? verifier.verify(jws: jws) }
    }

    /// Raw DEFLATE, then the payload JSON.
    static let inflate = FuzzTarget(name: "card-inflate") { data in
        guard let payload = try? RawInflate.inflate(data) else { return }
        _ = try? HealthCardPayload.decode(payload)
    }

    /// An issuer's JWKS: every key's checks and its P-256 public key.
    static let jwks = FuzzTarget(name: "jwks") { data in
        guard let set = try? JSONDecoder().decode(JSONWebKeySet.self, from: data) else { return }
        for key in set.keys {
            _ = key.validationProblem
            _ = try? key.publicKey()
        }
    }

    /// A revocation list for the spec issuer's key, then verification of the spec's example card against it.
    static let revocation = FuzzTarget(name: "revocation", prepare: loadExamples) { data in
        guard let list = try? JSONDecoder().decode(RevocationList.self, from: data) else { return }
        var store = trust
        store.addRevocationList(list)
        _ = try? SmartHealthCardVerifier(trustStore: store, now: Date(timeIntervalSince1970: 1_700_000_000)).verify(jws: exampleCard)
    }
}
