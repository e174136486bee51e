import Crypto
import _CryptoExtras
import Foundation
import TestSupport
@testable import HealthProviders
import Testing

/// PKCE, state, scopes, token answers, client assertions and sealed secrets, without a server.
@Suite struct SMARTUnitTests {
    @Test func pkceMatchesRFC7636AppendixB() throws {
        let pkce = try #require(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE(verifier: "too-short") == nil)
        #expect(PKCE(verifier: String(repeating: "a", count: 42) + "!") == nil)
        let fresh = PKCE()
        #expect(fresh.verifier.count == 43)
        #expect(fresh.verifier != PKCE().verifier)
    }

    @Test func stateCarriesAtLeast122BitsAndNeverRepeats() {
        let states = (0..<1000).map { _ in RandomToken.make(bytes: 32) }
        #expect(Set(states).count == 1000)
        #expect(states.allSatisfy { Base64URL.decode($0)?.count == 32 }, "256 random bits each")
    }

    @Test func scopesArePlannedAndGrantedScopesRead() {
        #expect(SMARTScopes.request(resourceTypes: ["Observation"], v2: true).description
            == "launch/patient openid fhirUser offline_access patient/Patient.rs patient/Observation.rs")
        #expect(SMARTScopes.request(resourceTypes: ["Observation"], v2: false, offline: false).description
            == "launch/patient openid fhirUser patient/Patient.read patient/Observation.read")
        let v1 = SMARTScopes("launch/patient patient/*.read offline_access")
        #expect(v1.allowsSearch("Condition") && v1.offlineAccess)
        let v2 = SMARTScopes("patient/Condition.rs patient/Observation.rs?category=laboratory patient/Observation.rs?category=vital-signs patient/Procedure.r user/Immunization.s")
        #expect(v2.searchRestrictions("Condition") == [nil])
        #expect(v2.searchRestrictions("Observation") == ["category=laboratory", "category=vital-signs"])
        #expect(!v2.allowsSearch("Procedure"), "read without search does not allow searching")
        #expect(v2.allowsSearch("Immunization"))
        #expect(!v2.allowsSearch("AllergyIntolerance") && !v2.offlineAccess)
        #expect(SMARTScopes("patient/*.cud").allowsSearch("Condition") == false)
        #expect(v2.allowsRead("Procedure") && !v2.allowsRead("Immunization") && v1.allowsRead("Patient"))
        let asked = SMARTScopes("openid fhirUser offline_access patient/Condition.rs")
        #expect(asked.refused(by: SMARTScopes("openid patient/Condition.rs")) == ["fhirUser", "offline_access"])
    }

    @Test func tokenAnswersTreatNullRefreshTokenAsAbsentAndNeverPrintTokens() throws {
        let answer = Data(#"{"access_token":"AT-secret-123","token_type":"bearer","expires_in":300,"scope":"patient/*.rs","patient":"p1","refresh_token":null}"#.utf8)
        let now = Date(timeIntervalSince1970: 1_000_000)
        let tokens = try TokenResponse.read(answer, step: .tokenExchange, now: now)
        #expect(tokens.refreshToken == nil)
        #expect(tokens.expiresAt == now.addingTimeInterval(300))
        #expect(tokens.patient == "p1" && tokens.scope?.description == "patient/*.rs")
        #expect(!tokens.description.contains("AT-secret-123") && !"\(tokens)".contains("AT-secret-123"))
        let empty = try TokenResponse.read(Data(#"{"access_token":"x","token_type":"Bearer","refresh_token":""}"#.utf8), step: .refresh)
        #expect(empty.refreshToken == nil)
        #expect(throws: ProviderError(.refresh, "the token answer has no access_token")) {
            try TokenResponse.read(Data(#"{"token_type":"Bearer"}"#.utf8), step: .refresh)
        }
        #expect(throws: ProviderError(.tokenExchange, "token_type is mac, not Bearer")) {
            try TokenResponse.read(Data(#"{"access_token":"x","token_type":"mac"}"#.utf8), step: .tokenExchange)
        }
        #expect(throws: ProviderError(.tokenExchange, "the token endpoint's answer is not a JSON object")) {
            try TokenResponse.read(Data([0xC3, 0x28]), step: .tokenExchange)
        }
    }

    @Test(arguments: ClientSigningKey.Algorithm.allCases)
    func clientAssertionIsAJWTVerifiableWithThePublishedJWK(algorithm: ClientSigningKey.Algorithm) throws {
        let key = try ClientSigningKey(algorithm: algorithm)
        let audience = URL(string: "https://auth.example.org/token")!
        let jwt = try key.clientAssertion(clientID: "my-app", audience: audience)
        let parts = jwt.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        let header = try JSONSerialization.jsonObject(with: #require(Base64URL.decode(parts[0]))) as? [String: Any]
        let claims = try JSONSerialization.jsonObject(with: #require(Base64URL.decode(parts[1]))) as? [String: Any]
        #expect(header?["alg"] as? String == algorithm.rawValue && header?["typ"] as? String == "JWT")
        let kid = try key.keyID
        #expect(header?["kid"] as? String == kid)
        #expect(claims?["iss"] as? String == "my-app" && claims?["sub"] as? String == "my-app")
        #expect(claims?["aud"] as? String == audience.absoluteString)
        let exp = try #require(claims?["exp"] as? Int)
        #expect(exp > Int(Date().timeIntervalSince1970) && exp <= Int(Date().timeIntervalSince1970) + 300)
        // Verify with the public key as published in the JWKS.
        let jwks = try JSONSerialization.jsonObject(with: Data(ClientSigningKey.jwks([key]).utf8)) as? [String: Any]
        let published = try #require((jwks?["keys"] as? [[String: Any]])?.first)
        #expect(published["d"] == nil && published["p"] == nil, "no private part in the JWKS")
        #expect(published["alg"] as? String == algorithm.rawValue)
        let signed = Data((parts[0] + "." + parts[1]).utf8), signature = try #require(Base64URL.decode(parts[2]))
        func member(_ name: String) throws -> Data {
            guard let text = published[name] as? String, let data = Base64URL.decode(text) else { throw ProviderError(.secrets, "JWK member \(name)") }
            return data
        }
        switch algorithm {
        case .ES384:
            let publicKey = try P384.Signing.PublicKey(rawRepresentation: member("x") + member("y"))
            #expect(publicKey.isValidSignature(try P384.Signing.ECDSASignature(rawRepresentation: signature), for: signed))
        case .RS384:
            let publicKey = try _RSA.Signing.PublicKey(n: member("n"), e: member("e"))
            #expect(publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA384.hash(data: signed),
                                               padding: .insecurePKCS1v1_5))
        }
        #expect(try key.clientAssertion(clientID: "my-app", audience: audience) != jwt, "a fresh jti each time")
        let reread = try ClientSigningKey(pem: key.pem)
        let rereadID = try reread.keyID
        #expect(reread.algorithm == algorithm && rereadID == kid)
    }

    @Test func secretsAreSealedAndTheKeyFileIsOwnerOnly() throws {
        let folder = TemporaryFiles.folder.appendingPathComponent("secrets-\(UUID().uuidString)")
        let keyFile = folder.appendingPathComponent("secrets.key")
        let box = try SecretBox.open(keyFile: keyFile, environment: [:])
        let mode = try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        let sealed = try box.seal(Data("refresh-token-value".utf8))
        #expect(sealed.range(of: Data("refresh-token-value".utf8)) == nil)
        #expect(try SecretBox.open(keyFile: keyFile, environment: [:]).open(sealed) == Data("refresh-token-value".utf8))
        var tampered = sealed
        tampered[tampered.count - 1] ^= 1
        #expect(throws: ProviderError.self) { try box.open(tampered) }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyFile.path)
        #expect { try SecretBox.open(keyFile: keyFile, environment: [:]) } throws: { error in
            (error as? ProviderError)?.message.contains("may be read by others") == true
        }
        let fromEnvironment = try SecretBox.open(keyFile: keyFile, environment: [SecretBox.environmentKey: Data(repeating: 7, count: 32).base64EncodedString()])
        #expect(throws: ProviderError.self) { try fromEnvironment.open(sealed) }
        #expect(throws: ProviderError.self) { try SecretBox.open(keyFile: keyFile, environment: [SecretBox.environmentKey: "c2hvcnQ="]) }
    }

    @Test func capabilityStatementsTellTypesAndLastUpdated() throws {
        let statement = Data(#"{"resourceType":"CapabilityStatement","rest":[{"mode":"server","resource":[{"type":"Observation","searchParam":[{"name":"patient"},{"name":"_lastUpdated"}]},{"type":"Condition","searchParam":[{"name":"patient"}]}]}]}"#.utf8)
        let capabilities = try #require(ServerCapabilities(json: statement))
        #expect(capabilities.serves("Observation") && !capabilities.serves("Procedure"))
        #expect(capabilities.supportsLastUpdated("Observation") && !capabilities.supportsLastUpdated("Condition"))
        #expect(ServerCapabilities(json: Data("{}".utf8)) == nil)
        #expect(ServerCapabilities(searchParameters: nil).serves("Procedure"))
    }
}

/// The background refresh schedule.
@Suite struct ProviderScheduleTests {
    static func connection(_ id: String, due: Date?, status: ProviderConnection.Status = .active) -> ProviderConnection {
        let base = URL(string: "https://fhir.example.org/r4")!
        var connection = ProviderConnection(
            id: id, institution: "Example", fhirBase: base, patientID: "p", clientID: "c", authMethod: "none",
            configuration: SMARTConfiguration(authorizationEndpoint: base, tokenEndpoint: base, readFrom: base),
            requested: SMARTScopes(""), granted: SMARTScopes(""), status: status, created: Date(timeIntervalSince1970: 0))
        connection.nextDue = due
        return connection
    }

    @Test func dueConnectionsAndBackoff() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let list = [Self.connection("later", due: now.addingTimeInterval(60)), Self.connection("new", due: nil),
                    Self.connection("late", due: now.addingTimeInterval(-60)),
                    Self.connection("signin", due: now.addingTimeInterval(-999), status: .needsSignIn)]
        #expect(ProviderSchedule.due(list, now: now).map(\.id) == ["new", "late"])
        #expect(ProviderSchedule.nextWake([list[0], list[3]]) == now.addingTimeInterval(60))
        #expect(ProviderSchedule.nextWake([list[3]]) == nil, "needing sign-in is never due")

        var connection = ProviderSchedule.scheduled(list[0], complete: true, now: now, jitter: 1.1)
        #expect(connection.nextDue == now.addingTimeInterval(24 * 3600 * 1.1))
        connection = ProviderSchedule.scheduled(connection, complete: false, now: now, jitter: 1)
        #expect(connection.nextDue == now.addingTimeInterval(300))
        connection = ProviderSchedule.scheduled(connection, complete: false, now: now, jitter: 1)
        #expect(connection.nextDue == now.addingTimeInterval(600), "backs off")
        for _ in 0..<20 { connection = ProviderSchedule.scheduled(connection, complete: false, now: now, jitter: 1) }
        #expect(connection.nextDue == now.addingTimeInterval(24 * 3600), "never beyond the period")
        connection = ProviderSchedule.scheduled(connection, complete: true, now: now, jitter: 1)
        #expect(connection.failuresInARow == nil && connection.nextDue == now.addingTimeInterval(24 * 3600))
    }
}
