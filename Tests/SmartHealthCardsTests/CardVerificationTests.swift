import Foundation
import HealthKitModel
import SmartHealthCards
import Testing
import TestSupport

/// The spec and HL7 examples verify; example 03 is revoked; every form of input reads.
@Suite struct CardVerificationTests {
    static let forms = ["d-jws.txt", "e-file.smart-health-card"]

    @Test(arguments: ["spec-examples", "hl7-ig-examples"], ["00", "01", "02"])
    func examplesVerifyInEveryForm(folder: String, example: String) throws {
        guard CardFixtures.url(folder) != nil else { print(TestData.missingMessage); return }
        let trust = try CardFixtures.specTrust()
        for form in Self.forms {
            let cards = try CardFixtures.verify(["\(folder)/example-\(example)-\(form)"], trust: trust)
            #expect(cards.count == 1)
            #expect(cards.first?.payload.iss == CardFixtures.issuer)
            #expect(cards.first?.warnings == [])
        }
        let chunks = example == "02" ? [0, 1, 2] : [0]
        let qr = chunks.map { "\(folder)/example-\(example)-f-qr-code-numeric-value-\($0).txt" }
        let fromQR = try CardFixtures.verify(qr.reversed(), trust: trust)
        #expect(fromQR.first?.jws == (try CardFixtures.text("\(folder)/example-\(example)-d-jws.txt")).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func example03IsRevoked() throws {
        guard CardFixtures.url("spec-examples") != nil else { print(TestData.missingMessage); return }
        let trust = try CardFixtures.specTrust()
        #expect(throws: SmartHealthCardError.self) { try CardFixtures.verify(["spec-examples/example-03-d-jws.txt"], trust: trust) }
        #expect(try CardFixtures.failedCheck(["spec-examples/example-03-e-file.smart-health-card"], trust: trust) == .revocation)
        // The HL7 copy has the same rid but was issued (2024) after the list's cutoff for it (rid.1687450765, 2023):
        // a `rid.timestamp` entry revokes only cards issued before the timestamp; this copy fails as expired (exp 2025-05-07).
        #expect(try CardFixtures.failedCheck(["hl7-ig-examples/example-03-d-jws.txt"], trust: trust) == .expiration)
        let beforeExpiry = SmartHealthCardVerifier(trustStore: trust, now: Date(timeIntervalSince1970: 1_715_200_000))
        #expect(throws: Never.self) { try beforeExpiry.verify(jws: try CardFixtures.text("hl7-ig-examples/example-03-d-jws.txt").trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func aKeysFileWithoutRevocationListVerifiesWithAWarning() throws {
        guard let jwks = CardFixtures.url("spec-examples/issuer/.well-known/jwks.json") else { print(TestData.missingMessage); return }
        var trust = TrustStore()
        try trust.load(keysAt: jwks)
        let card = try #require(try CardFixtures.verify(["spec-examples/example-00-d-jws.txt"], trust: trust).first)
        #expect(card.warnings.count == 1)
        #expect(card.warnings.first?.hasPrefix("revocation not checked") == true)
    }

    @Test func unknownIssuerFailsTrust() throws {
        guard CardFixtures.url("spec-examples") != nil else { print(TestData.missingMessage); return }
        #expect(try CardFixtures.failedCheck(["spec-examples/example-00-d-jws.txt"], trust: TrustStore()) == .issuerTrust)
    }

    @Test func directorySnapshotTrustsItsIssuers() throws {
        guard let snapshot = CardFixtures.url("vci-directory/vci_snapshot.json") else { print(TestData.missingMessage); return }
        var trust = TrustStore()
        try trust.load(directorySnapshotAt: snapshot)
        #expect(trust.issuers.count > 600)
        #expect(trust.keys(for: "https://myvaccinerecord.cdph.ca.gov/creds").isEmpty == false)
        // The spec's example issuer is not in the VCI directory.
        #expect(try CardFixtures.failedCheck(["spec-examples/example-00-d-jws.txt"], trust: trust) == .issuerTrust)
    }

    @Test func verifiedCardBecomesAVerifiableRecord() throws {
        guard CardFixtures.url("spec-examples") != nil else { print(TestData.missingMessage); return }
        let card = try #require(try CardFixtures.verify(["spec-examples/example-00-e-file.smart-health-card"], trust: CardFixtures.specTrust()).first)
        let record = card.verifiableClinicalRecord()
        #expect(record.recordTypes == ["https://smarthealth.cards#health-card"])
        #expect(record.issuerIdentifier == CardFixtures.issuer)
        #expect(record.subject.fullName == "John B. Anyperson")
        #expect(record.subject.dateOfBirthComponents == DateComponents(year: 1951, month: 1, day: 20))
        #expect(record.itemNames == ["Moderna COVID-19 Vaccine", "Moderna COVID-19 Vaccine, Bivalent"])
        #expect(record.relevantDate == ISO8601DateFormatter().date(from: "2022-09-05T00:00:00Z"))
        #expect(record.issuedDate == Date(timeIntervalSince1970: card.payload.nbf))
        #expect(record.expirationDate == nil)
        #expect(record.sourceType == .smartHealthCard)
        #expect(record.dataRepresentation == Data(card.jws.utf8))
    }

    @Test func thumbprintFollowsRFC7638() throws {
        // RFC 7638 section 3.1's example is an RSA key; for EC the members are crv, kty, x, y. The spec issuer's kid is its thumbprint.
        guard CardFixtures.url("spec-examples") != nil else { print(TestData.missingMessage); return }
        let keys = try JSONDecoder().decode(JSONWebKeySet.self, from: Data(contentsOf: CardFixtures.url("spec-examples/issuer/.well-known/jwks.json")!))
        for key in keys.keys { #expect(key.thumbprint == key.kid) }
    }
}
