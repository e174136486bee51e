import Foundation
import HealthKitModel
import HealthServer
import SmartHealthCards
import Testing
import TestSupport

/// SMART Health Cards over real HTTP, on the public vectors (../shared/testdata/smart-health-cards): the API's verdict
/// on every dev-tools vector is the library's (a failing one a 400 naming the failed check), verified cards are stored
/// once as the person's own, and the dashboard lists them.
@Suite struct HealthCardAPITests {
    static let issuer = "https://spec.smarthealth.cards/examples/issuer"

    /// `smart-health-cards/<path>`, or nil without the corpora.
    static func url(_ path: String) -> URL? { TestData.directory("smart-health-cards")?.appendingPathComponent(path) }

    static func text(_ path: String) throws -> String { String(decoding: try Data(contentsOf: url(path)!), as: UTF8.self) }

    /// The spec issuer's keys, trusted for that issuer only.
    static func trust() throws -> TrustStore {
        var trust = TrustStore()
        try trust.load(keysAt: url("spec-examples/issuer")!, issuer: issuer)
        return trust
    }

    /// A server trusting the spec issuer.
    static func harness() async throws -> ServerHarness {
        let trust = try trust()
        return try await ServerHarness { $0.cardTrust = trust }
    }

    /// `{"cards": texts}`.
    static func body(_ texts: [String]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["cards": texts]), as: UTF8.self)
    }

    /// The library's verdict on `text`: nil when every card in it verifies, else the error.
    static func libraryVerdict(_ text: String, trust: TrustStore) -> SmartHealthCardError? {
        do {
            let verifier = SmartHealthCardVerifier(trustStore: trust)
            for jws in try SmartHealthCardInput.jwsList(from: [text]) { _ = try verifier.verify(jws: jws) }
            return nil
        } catch {
            return error
        }
    }

    @Test("every dev-tools card vector: the API agrees with the library; each broken one is a 400 naming its failed check")
    func vectorsAgreeWithTheLibrary() async throws {
        guard let folder = Self.url("dev-tools-testdata") else { print(TestData.missingMessage); return }
        let harness = try await Self.harness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let trust = try Self.trust()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("-d-jws") || $0.contains("-e-file") || $0.contains("-f-qr-code") || $0.contains("qrnumeric") || $0.contains("fhirhealthcard")
        }.sorted()
        var refused = 0
        for name in names {
            let text = try Self.text("dev-tools-testdata/" + name)
            let reply = try await harness.send("POST", "/v1/health-cards/verify", token: token, json: try Self.body([text]))
            if let error = Self.libraryVerdict(text, trust: trust) {
                refused += 1
                #expect(reply.status == 400, "\(name): \(reply.text)")
                let message = ((reply.json["error"] as? [String: Any])?["message"] as? String) ?? ""
                #expect(message.contains("\(error.check.rawValue) check failed"), "\(name): \(message)")
            } else {
                #expect(reply.status == 200, "\(name): \(reply.text)")
                #expect((reply.json["cards"] as? [[String: Any]])?.allSatisfy { $0["issuer"] as? String == Self.issuer } == true, "\(name)")
            }
        }
        #expect(refused >= 20, "the negative vectors are among them (\(refused) refused of \(names.count))")
        #expect(names.count - refused >= 5)
    }

    @Test("a card verified and imported is stored once, listed for its owner only; an app may verify but not import; bad bodies are 400")
    func importAndList() async throws {
        guard Self.url("spec-examples") != nil else { print(TestData.missingMessage); return }
        let harness = try await Self.harness()
        defer { harness.stop() }
        let app = try await ImportJobTests.appToken(harness)
        let alice = try harness.server.createPersonalToken(for: "alice", label: "test")
        let bob = try await harness.person("bob")
        let file = try Self.text("spec-examples/example-00-e-file.smart-health-card")
        let chunks = try (0...2).map { try Self.text("spec-examples/example-02-f-qr-code-numeric-value-\($0).txt") }

        let verified = try await harness.send("POST", "/v1/health-cards/verify", token: app, json: try Self.body(chunks))
        #expect(verified.status == 200, "\(verified.text)")
        #expect(try await harness.send("POST", "/v1/health-cards/import", token: app, json: try Self.body([file])).status == 403)

        let stored = try await harness.send("POST", "/v1/health-cards/import", token: alice, json: try Self.body([file]))
        #expect(stored.status == 200, "\(stored.text)")
        #expect(stored.json["added"] as? Int == 1)
        let card = try #require((stored.json["cards"] as? [[String: Any]])?.first)
        #expect(card["issuer"] as? String == Self.issuer)
        #expect((card["recordTypes"] as? [String])?.contains("https://smarthealth.cards#health-card") == true)
        let again = try await harness.send("POST", "/v1/health-cards/import", token: alice, json: try Self.body([file]))
        #expect(again.json["added"] as? Int == 0)
        #expect(again.json["alreadyStored"] as? Int == 1)

        let listed = try await harness.send("GET", "/v1/health-cards", token: alice)
        let cards = try #require(listed.json["cards"] as? [[String: Any]])
        #expect(cards.count == 1)
        #expect(cards.first?["subject"] as? String == card["subject"] as? String)
        #expect(cards.first?["uuid"] != nil)
        #expect((try await harness.send("GET", "/v1/health-cards", token: bob).json["cards"] as? [Any])?.isEmpty == true)
        #expect(try await harness.send("GET", "/v1/health-cards", token: app).status == 403)

        for bad in [#"{"cards": []}"#, #"{"cards": [""]}"#, #"{"cards": "shc:/"}"#, "not json"] {
            let reply = try await harness.send("POST", "/v1/health-cards/verify", token: alice, json: bad)
            #expect(reply.status == 400, "\(bad): \(reply.text)")
        }
    }

    @Test("a server trusting no issuer verifies no card: 400 naming the issuer check")
    func untrusted() async throws {
        guard Self.url("spec-examples") != nil else { print(TestData.missingMessage); return }
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let reply = try await harness.send("POST", "/v1/health-cards/verify", token: token,
                                           json: try Self.body([try Self.text("spec-examples/example-00-d-jws.txt")]))
        #expect(reply.status == 400)
        #expect(reply.text.contains("issuerTrust check failed"), "\(reply.text)")
    }

    @Test("the dashboard's Health cards page: verify, store, list (alice's only); a broken card is a 400 page naming the check")
    func dashboardCards() async throws {
        guard Self.url("dev-tools-testdata") != nil else { print(TestData.missingMessage); return }
        let harness = try await Self.harness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        _ = try await harness.person("bob")
        let alice = try await harness.signIn("alice")
        let empty = try await harness.send("GET", "/cards", cookie: alice)
        #expect(empty.status == 200)
        #expect(empty.text.contains("No health cards stored."))
        let csrf = try #require(ServerHarness.csrf(in: empty.text))
        let card = try Self.text("spec-examples/example-00-d-jws.txt")
        #expect(try await harness.send("POST", "/cards", cookie: alice, form: [("card", card), ("action", "import")]).status == 403)
        let checked = try await harness.send("POST", "/cards", cookie: alice, form: [("csrf", csrf), ("card", card), ("action", "verify")])
        #expect(checked.status == 200)
        #expect(checked.text.contains("The card verified.") && checked.text.contains(#"<h2 id="verified">Verified</h2>"#))
        #expect(checked.text.contains("No health cards stored."), "verifying stores nothing")
        let stored = try await harness.send("POST", "/cards", cookie: alice, form: [("csrf", csrf), ("card", card), ("action", "import")])
        #expect(stored.text.contains("Verified: 1 stored, 0 already stored."), "\(stored.text)")
        let subject = try #require(try Self.subject(card))
        let listed = try await harness.send("GET", "/cards", cookie: alice)
        #expect(listed.text.contains(#"<h2 id="stored">Your cards</h2>"#) && listed.text.contains(subject))
        let bob = try await harness.signIn("bob")
        #expect(try await harness.send("GET", "/cards", cookie: bob).text.contains("No health cards stored."))

        let broken = try Self.text("dev-tools-testdata/test-example-00-d-jws-invalid-signature.txt")
        let refused = try await harness.send("POST", "/cards", cookie: alice, form: [("csrf", csrf), ("card", broken), ("action", "import")])
        #expect(refused.status == 400)
        #expect(refused.text.contains("signature check failed"), "\(refused.text)")
    }

    /// The subject's name in `card`, as the library reads it.
    static func subject(_ card: String) throws -> String? {
        let jws = try SmartHealthCardInput.jwsList(from: [card])[0]
        return try SmartHealthCardVerifier(trustStore: trust()).verify(jws: jws).verifiableClinicalRecord().subject.fullName
    }
}
