import Foundation
@testable import HealthServer
import Testing

/// The server's cache of people's stores over real HTTP, seen from the files the process has open
/// (`/proc/self/fd`): a store closes when idle and opens again on the next request, and no more than
/// `maxOpenStores` are open at once. SQLite only: these are its files.
@Suite struct StoreCacheTests {
    @Test("a person's store is closed after its idle time, files and all, and opens again on the next request")
    func idleStoreCloses() async throws {
        let harness = try await ServerHarness { configuration in
            configuration.postgres = nil
            // Long enough that the store is still open when the check after the request runs on a loaded machine
            // (0.5 s was not, in a full parallel run), well inside the 30 s the closing is waited for.
            configuration.storeIdleSeconds = 3
        }
        defer { harness.stop() }
        let token = try await harness.person("alice")
        try await Self.use(harness, token: token)
        #expect(!Self.openPeople(harness).isEmpty, "the store is open while in use")
        let closed = await Self.wait { Self.openPeople(harness).isEmpty }
        #expect(closed, "still open: \(Self.openPeople(harness))")
        #expect(harness.server.services.stores.openCount == 0)

        let again = try await harness.send("GET", "/v1/samples?type=stepCount", token: token)
        #expect(again.status == 200)
        #expect((again.json["samples"] as? [Any])?.count == 1)
    }

    @Test("with maxOpenStores 2, three people's requests leave at most two stores open")
    func openStoresAreBounded() async throws {
        let harness = try await ServerHarness { configuration in
            configuration.postgres = nil
            configuration.maxOpenStores = 2
        }
        defer { harness.stop() }
        for name in ["alice", "bob", "carol"] {
            try await Self.use(harness, token: try await harness.person(name))
        }
        let bounded = await Self.wait { Self.openPeople(harness).count <= 2 }
        #expect(bounded, "open: \(Self.openPeople(harness))")
        #expect(harness.server.services.stores.openCount == 2)
    }

    /// Saves a sample and reads it back through samples and statistics (which attach the store's change monitor and
    /// statistics caches to it).
    static func use(_ harness: ServerHarness, token: String) async throws {
        let save = try await harness.send("POST", "/v1/samples", token: token, json: SampleAPITests.batch([SampleAPITests.steps(10, minute: 0)]))
        #expect(save.status == 200)
        #expect(try await harness.send("GET", "/v1/samples?type=stepCount", token: token).status == 200)
        #expect(try await harness.send("GET", "/v1/statistics?type=stepCount&options=cumulativeSum", token: token).status == 200)
    }

    /// The people (their folders under `people/`) whose store files this process has open.
    static func openPeople(_ harness: ServerHarness) -> Set<String> {
        let people = harness.folder.resolvingSymlinksInPath().appendingPathComponent("people").path + "/"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(descriptors.compactMap { descriptor -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor),
                  target.hasPrefix(people) else { return nil }
            return target.dropFirst(people.count).split(separator: "/").first.map(String.init)
        })
    }

    /// Whether `condition` holds within 30 seconds (checked every 50 ms: the files close on another thread).
    static func wait(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }
}
