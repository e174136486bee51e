import Foundation
import HealthKitModel
import OpenHealthKit
import SmartHealthCards

/// Stores verified SMART Health Cards as HKVerifiableClinicalRecord samples.
///
/// Cards are stored under one source, ``source``; a card's identity is the SHA-256 of its JWS, so importing
/// the same card twice stores it once. Only verified cards can be imported.
public enum SmartHealthCardImporter {
    /// The source imported cards are stored under.
    public static let source = HKSource(name: "SMART Health Cards", bundleIdentifier: "org.openhealthkit.smart-health-cards")

    /// Stores `cards` in `store`; returns how many were added and how many were already there.
    public static func store(_ cards: [VerifiedSmartHealthCard], in store: HKHealthStore) throws -> ClinicalSaveOutcome {
        let records = cards.map { card in
            (record: card.verifiableClinicalRecord(), identity: "shc:" + card.identity)
        }
        return try store.ingestVerifiableClinicalRecords(records, from: source)
    }

}
