import Foundation
import SmartHealthCards
import TestSupport

/// The SMART Health Card corpora and the trust stores the tests verify against.
enum CardFixtures {
    static let issuer = "https://spec.smarthealth.cards/examples/issuer"

    /// `smart-health-cards/<path>`, or nil without the corpora.
    static func url(_ path: String) -> URL? { TestData.directory("smart-health-cards")?.appendingPathComponent(path) }

    static func text(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: url(path)!), as: UTF8.self)
    }

    /// The spec issuer's keys and revocation list, trusted for the spec issuer only.
    static func specTrust() throws -> TrustStore {
        var trust = TrustStore()
        try trust.load(keysAt: url("spec-examples/issuer")!, issuer: issuer)
        return trust
    }

    /// Verifies the cards in `paths` (several: the chunks of one QR) with `trust`.
    static func verify(_ paths: [String], trust: TrustStore) throws -> [VerifiedSmartHealthCard] {
        let jwsList = try SmartHealthCardInput.jwsList(from: try paths.map(text))
        let verifier = SmartHealthCardVerifier(trustStore: trust)
        return try jwsList.map { try verifier.verify(jws: $0) }
    }

    /// The check that fails for `paths`, or nil when they verify.
    static func failedCheck(_ paths: [String], trust: TrustStore) throws -> SmartHealthCardCheck? {
        do {
            _ = try verify(paths, trust: trust)
            return nil
        } catch let error as SmartHealthCardError {
            return error.check
        }
    }
}
