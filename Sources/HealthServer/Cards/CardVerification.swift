import Foundation
import HealthKitModel
import HealthRecords
import OpenHealthKit
import SmartHealthCards

/// SMART Health Cards for the API and the dashboard, through the library's verifier and importer (what
/// `health cards verify` and `import` run): verified against the server's trusted issuers
/// (``ServerConfiguration/cardTrust``), stored as `HKVerifiableClinicalRecord` samples.
enum CardVerification {
    /// Verifies the cards in `texts` (each the content of one input: `shc:/` QR text, one string per chunk of a
    /// multi-chunk QR; a `.smart-health-card` file's JSON; or a compact JWS). A card that fails is a 400 naming the
    /// check that failed and why; nothing is returned unless every card verifies.
    static func verify(_ texts: [String], trust: TrustStore) throws -> [VerifiedSmartHealthCard] {
        let verifier = SmartHealthCardVerifier(trustStore: trust)
        let jwsList: [String]
        do { jwsList = try SmartHealthCardInput.jwsList(from: texts) } catch { throw ServerError.badRequest("cards: \(error)") }
        return try jwsList.enumerated().map { index, jws in
            do { return try verifier.verify(jws: jws) } catch {
                throw ServerError.badRequest((jwsList.count > 1 ? "card \(index + 1) of \(jwsList.count): " : "cards: ") + "\(error)")
            }
        }
    }

    /// Stores verified `cards` in the person's `store` (a card already stored is left as it is).
    static func store(_ cards: [VerifiedSmartHealthCard], in store: HKHealthStore) throws -> ClinicalSaveOutcome {
        try SmartHealthCardImporter.store(cards, in: store)
    }

    /// The person's stored cards, most recently issued first, as `HKVerifiableClinicalRecordQuery` reads them.
    static func stored(in store: HKHealthStore) async throws -> [HKVerifiableClinicalRecord] {
        let records: [HKVerifiableClinicalRecord] = try await withCheckedThrowingContinuation { continuation in
            let query = HKVerifiableClinicalRecordQuery(recordTypes: [], predicate: nil) { _, records, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: records ?? []) }
            }
            store.execute(query)
        }
        return records.sorted { $0.issuedDate > $1.issuedDate }
    }
}

/// A card as the API shows it: HealthKit's `HKVerifiableClinicalRecord` fields.
struct WireCard: Encodable, JSONWritable {
    /// The stored record's UUID (stored cards only).
    var uuid: UUID?
    /// The credential types (`https://smarthealth.cards#immunization`, ...).
    var recordTypes: [String]
    /// The issuer's URL.
    var issuer: String
    /// The subject's name.
    var subject: String
    /// The subject's date of birth, `YYYY-MM-DD`, when the card has one.
    var dateOfBirth: String?
    /// When the card was issued.
    var issuedDate: Date
    /// The latest item's date (the issue date without items).
    var relevantDate: Date
    /// When the card expires, if it does.
    var expirationDate: Date?
    /// Vaccines or results, in order.
    var itemNames: [String]

    /// The fields of `record`; `stored` gives its UUID.
    init(_ record: HKVerifiableClinicalRecord, stored: Bool) {
        uuid = stored ? record.uuid : nil
        recordTypes = record.recordTypes
        issuer = record.issuerIdentifier
        subject = record.subject.fullName
        dateOfBirth = record.subject.dateOfBirthComponents.flatMap { day in
            guard let year = day.year, let month = day.month, let date = day.day else { return nil }
            return String(format: "%04d-%02d-%02d", year, month, date)
        }
        issuedDate = record.issuedDate
        relevantDate = record.relevantDate
        expirationDate = record.expirationDate
        itemNames = record.itemNames
    }

    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("dateOfBirth", dateOfBirth)
            try json.field("expirationDate", expirationDate)
            try json.field("issuedDate", issuedDate)
            try json.field("issuer", issuer)
            try json.field("itemNames", itemNames)
            try json.field("recordTypes", recordTypes)
            try json.field("relevantDate", relevantDate)
            try json.field("subject", subject)
            try json.field("uuid", uuid)
        }
    }
}
