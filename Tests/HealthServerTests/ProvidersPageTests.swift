import Foundation
@testable import HealthServer
import Testing

/// The providers page without a provider behind it, over real HTTP: a server registered with no provider says so
/// and refuses to connect; bad addresses are named; addresses on the server's own network are refused; a provider
/// that does not answer is a 400 page naming the step; a guest sees the page and changes nothing.
@Suite struct ProvidersPageTests {
    @Test("no client id: the page says so and connecting is refused")
    func notRegistered() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let alice = try await harness.signIn("alice")
        let page = try await harness.send("GET", "/providers", cookie: alice)
        #expect(page.status == 200)
        #expect(page.text.contains("This server is not registered with any provider"))
        #expect(!page.text.contains("action=\"/providers/connect\""))
        let csrf = try #require(ServerHarness.csrf(in: page.text))
        let refused = try await harness.send("POST", "/providers/connect", cookie: alice, form: [("csrf", csrf), ("url", "https://fhir.example.org/r4")])
        #expect(refused.status == 403, "\(refused.text)")
        #expect(try await harness.send("GET", "/providers").status == 303, "signed out: to the sign-in form")
    }

    @Test("bad addresses are 400s naming the field; an unreachable provider is a 400 naming the step; guests change nothing")
    func badInputAndGuests() async throws {
        let harness = try await ServerHarness { $0.providers.clientID = "ohk-test" }
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let alice = try await harness.signIn("alice")
        let csrf = try #require(ServerHarness.csrf(in: try await harness.send("GET", "/providers", cookie: alice).text))
        for url in ["ftp://fhir.example.org", "not a url", "https://fhir.example.org/r4?x=1", ""] {
            let reply = try await harness.send("POST", "/providers/connect", cookie: alice, form: [("csrf", csrf), ("url", url)])
            #expect(reply.status == 400 && reply.text.contains("url: give the provider"), "\(url): \(reply.text)")
        }
        #expect(try await harness.send("POST", "/providers/connect", cookie: alice, form: [("url", "https://x.example")]).status == 403, "CSRF")
        // Addresses on the server's own network are refused before the server fetches anything from them.
        for url in ["http://127.0.0.1:9/fhir", "http://localhost:9/fhir", "http://169.254.169.254/latest", "http://10.1.2.3/fhir",
                    "http://[::1]:9/fhir", "http://192.168.0.1/fhir", "http://[::ffff:127.0.0.1]/fhir"] {
            let inside = try await harness.send("POST", "/providers/connect", cookie: alice, form: [("csrf", csrf), ("url", url)])
            #expect(inside.status == 400 && inside.text.contains("own network"), "\(url): \(inside.text)")
        }
        #expect(try await harness.send("GET", "/providers/callback?state=nothing&code=x", cookie: alice).status == 400)

        let guest = try await GuestSessionTests.enter(harness, link: try await GuestSessionTests.guestLink(harness, cookie: alice))
        let page = try await harness.send("GET", "/providers", cookie: guest)
        #expect(page.text.contains("A guest cannot connect, sync or remove providers."))
        let guestCSRF = try #require(ServerHarness.csrf(in: page.text))
        for (path, form) in [("/providers/connect", [("url", "https://fhir.example.org/r4")]), ("/providers/sync", [("id", UUID().uuidString)]),
                             ("/providers/remove", [("id", UUID().uuidString), ("records", "keep")])] {
            #expect(try await harness.send("POST", path, cookie: guest, form: [("csrf", guestCSRF)] + form).status == 403, "\(path)")
        }
        #expect(try await harness.send("GET", "/providers/callback?state=x&code=y", cookie: guest).status == 403)
    }

    @Test("with private addresses allowed, an unreachable provider is a 400 naming the step")
    func unreachableProvider() async throws {
        let harness = try await ServerHarness {
            $0.providers.clientID = "ohk-test"
            $0.providers.allowPrivateAddresses = true
        }
        defer { harness.stop() }
        _ = try await harness.person("alice")
        let alice = try await harness.signIn("alice")
        let csrf = try #require(ServerHarness.csrf(in: try await harness.send("GET", "/providers", cookie: alice).text))
        // Nothing listens on port 9 of the loopback: discovery fails, and the page says where.
        let down = try await harness.send("POST", "/providers/connect", cookie: alice, form: [("csrf", csrf), ("url", "http://127.0.0.1:9/fhir")])
        #expect(down.status == 400 && down.text.contains("the provider: "), "\(down.text)")
    }

    @Test("the address check: private, loopback, link-local and unique-local ranges; public ones pass", arguments: [
        ([127, 0, 0, 1], true), ([10, 0, 0, 1], true), ([172, 16, 0, 1], true), ([172, 31, 255, 1], true), ([172, 32, 0, 1], false),
        ([192, 168, 1, 1], true), ([169, 254, 169, 254], true), ([100, 64, 0, 1], true), ([100, 128, 0, 1], false), ([0, 0, 0, 0], true),
        ([8, 8, 8, 8], false), ([93, 184, 216, 34], false),
    ] as [([UInt8], Bool)])
    func addressRanges(bytes: [UInt8], isPrivate: Bool) {
        #expect(PrivateAddressCheck.isPrivate(v4: bytes) == isPrivate)
        #expect(PrivateAddressCheck.isPrivate(v6: [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF] + bytes) == isPrivate, "IPv4-mapped")
    }
}
