import Foundation
import SmartHealthCards
import Testing
import TestSupport

/// The negative vectors of the SMART Health Cards dev tools fail with the check they break.
@Suite struct CardNegativeVectorTests {
    /// Vectors that break one of the checks, and that check.
    static let broken: [(String, SmartHealthCardCheck)] = [
        ("test-example-00-d-jws-no_jws_header_alg.txt", .headerAlgorithm),
        ("test-example-00-d-jws-no_jws_header_zip.txt", .headerCompression),
        ("test-example-00-d-jws-no_deflate.txt", .headerCompression),
        ("test-example-00-d-jws-no_jws_header_kid.txt", .headerKeyID),
        ("test-example-00-d-jws-wrong_jws_header_kid.txt", .headerKeyID),
        ("test-example-00-d-jws-issuer-kid-mismatch.txt", .headerKeyID),
        ("test-example-00-d-jws-invalid-signature.txt", .signature),
        ("test-example-00-d-jws-der-signature.txt", .signature),
        ("test-example-00-d-jws-der-signature-r-neg.txt", .signature),
        ("test-example-00-d-jws-der-signature-s-neg.txt", .signature),
        ("test-example-00-d-jws-der-signature-rs-neg.txt", .signature),
        ("test-example-00-d-jws-issuer-not-valid-with-smart-key.txt", .issuerTrust),
        ("test-example-00-d-jws-jws_too_long.txt", .payload),
        ("test-example-00-e-file-jws_too_long.smart-health-card", .payload),
        ("test-example-00-e-file-invalid_deflate.smart-health-card", .deflate),
        ("test-example-00-e-file-no_deflate.smart-health-card", .headerCompression),
        ("test-example-00-e-file-multi-jws-issues.smart-health-card", .headerAlgorithm),
        ("test-example-00-e-file-bad_jwks.smart-health-card", .issuerTrust),
        ("test-example-00-e-file-invalid_issuer_url.smart-health-card", .issuerTrust),
        ("test-example-00-e-file-invalid_issuer_url_http.smart-health-card", .issuerTrust),
        ("test-example-00-e-file-issuer_url_with_trailing_slash.smart-health-card", .issuerTrust),
        ("test-example-00-f-qr-code-numeric-value-0-index-out-of-range.txt", .qrNumeric),
        ("test-example-00-f-qr-code-numeric-value-0-number-too-big.txt", .qrNumeric),
        ("test-example-00-f-qr-code-numeric-value-0-odd-count.txt", .qrNumeric),
        ("test-example-00-f-qr-code-numeric-value-0-wrong_qr_header.txt", .qrNumeric),
        ("test-example-00-f-qr-code-numeric-value-0-wrong-multi-chunk.txt", .qrNumeric),
        ("test-example-00-f-qr-code-numeric-value-0-qr_chunk_too_small.txt", .qrNumeric),
        ("test-example-02-f-qr-code-numeric-value-0-qr_chunk_too_big.txt", .qrNumeric),
    ]

    /// Vectors whose defect is none of the checks (whitespace around the content, FHIR profile details, file
    /// names): they verify.
    static let notBreakingACheck = [
        "test-example-00-d-jws-trailing_chars.txt", "test-example-00-d-jws-utf8_bom_prefix.txt",
        "test-example-00-d-jws-bad-fhir-metadata.txt", "test-example-00-e-file-trailing_chars.smart-health-card",
        "test-example-00-e-file.wrong-extension", "test-example-00-e-file-multi-jws.smart-health-card",
        "test-example-00-f-qr-code-numeric-value-0-trailing_chars.txt", "test-example-00-fhirhealthcard.json",
        "test-example-00-fhirhealthcard-multi-jws.json", "test-example-00-fhirhealthcard-with-resource-link.json",
        "test-example-1195-byte-qrnumeric.txt",
    ]

    @Test func everyCardVectorIsClassified() throws {
        guard let folder = CardFixtures.url("dev-tools-testdata") else { print(TestData.missingMessage); return }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("-d-jws") || $0.contains("-e-file") || $0.contains("-f-qr-code") || $0.contains("qrnumeric") || $0.contains("fhirhealthcard")
        }
        let chunkFiles = names.filter { $0.contains("qr_chunk_too_") && !$0.contains("value-0-") }
        let known = Set(Self.broken.map(\.0) + Self.notBreakingACheck + chunkFiles)
        #expect(Set(names).subtracting(known).isEmpty, "vectors not classified: \(Set(names).subtracting(known).sorted())")
    }

    @Test(arguments: broken)
    func brokenVectorFailsItsCheck(name: String, check: SmartHealthCardCheck) throws {
        guard CardFixtures.url("dev-tools-testdata") != nil else { print(TestData.missingMessage); return }
        #expect(try CardFixtures.failedCheck(["dev-tools-testdata/" + name], trust: CardFixtures.specTrust()) == check)
    }

    @Test(arguments: notBreakingACheck)
    func otherVectorsVerify(name: String) throws {
        guard CardFixtures.url("dev-tools-testdata") != nil else { print(TestData.missingMessage); return }
        #expect(try CardFixtures.failedCheck(["dev-tools-testdata/" + name], trust: CardFixtures.specTrust()) == nil)
    }

    @Test func allChunksOfAMultiChunkQRTogetherVerify() throws {
        guard CardFixtures.url("dev-tools-testdata") != nil else { print(TestData.missingMessage); return }
        let small = (0...16).map { "dev-tools-testdata/test-example-00-f-qr-code-numeric-value-\($0)-qr_chunk_too_small.txt" }
        #expect(try CardFixtures.failedCheck(small.shuffled(), trust: CardFixtures.specTrust()) == nil)
        let big = (0...1).map { "dev-tools-testdata/test-example-02-f-qr-code-numeric-value-\($0)-qr_chunk_too_big.txt" }
        #expect(try CardFixtures.failedCheck(big, trust: CardFixtures.specTrust()) == nil)
    }

    @Test(arguments: ["duplicate-rid", "invalid-method", "non-base64url-rid", "too-long-rid", "version-mismatch"])
    func badRevocationListsFailRevocation(name: String) throws {
        guard let folder = CardFixtures.url("dev-tools-testdata/badcrl/\(name)") else { print(TestData.missingMessage); return }
        var trust = TrustStore()
        try trust.load(keysAt: folder)
        #expect(try CardFixtures.failedCheck(["dev-tools-testdata/badcrl/\(name)/jws-crl-\(name).txt"], trust: trust) == .revocation)
    }

    @Test func badJWKSIsRefusedNamingTheFile() throws {
        guard let folder = CardFixtures.url("dev-tools-testdata/badjwks") else { print(TestData.missingMessage); return }
        var trust = TrustStore()
        #expect { try trust.load(keysAt: folder) } throws: { "\($0)".contains("jwks.json: not a valid JWKS") }
    }

    @Test(arguments: [
        ("expired", SmartHealthCardCheck.expiration), ("exp_milliseconds", .expiration),
        ("nbf_not_yet_valid", .notBefore), ("nbf_milliseconds", .notBefore),
    ])
    func payloadValidityVectorsFail(name: String, check: SmartHealthCardCheck) throws {
        guard CardFixtures.url("dev-tools-testdata") != nil else { print(TestData.missingMessage); return }
        let data = try Data(contentsOf: CardFixtures.url("dev-tools-testdata/test-example-00-b-jws-payload-expanded-\(name).json")!)
        let payload = try HealthCardPayload.decode(data)
        #expect { try payload.checkValidity(at: Date()) } throws: { ($0 as? SmartHealthCardError)?.check == check }
    }
}

/// The dev tools' key files: each wrong key names the check it would break; the valid ones have no problem.
@Suite struct KeyVectorTests {
    @Test(arguments: [
        ("wrong_alg_key.json", SmartHealthCardCheck?.some(.signature)), ("wrong_curve_key.json", .signature),
        ("wrong_kty_key.json", .signature), ("wrong_use_key.json", .signature), ("wrong_kid_key.json", .headerKeyID),
        ("valid_key.json", nil), ("valid_keys.json", nil), ("issuer.jwks.public.not.smart.json", nil),
    ])
    func keyFilesAreJudged(name: String, check: SmartHealthCardCheck?) throws {
        guard let url = CardFixtures.url("dev-tools-testdata/" + name) else { print(TestData.missingMessage); return }
        let keys = try JSONDecoder().decode(JSONWebKeySet.self, from: Data(contentsOf: url)).keys
        #expect(!keys.isEmpty)
        let problems = keys.compactMap(\.validationProblem)
        #expect(problems.first?.check == check, "\(problems)")
    }
}
