import Foundation
@testable import HealthProviders
import TestSupport
import Testing

/// The sync's searches downloading ahead of the storing (``SearchLookahead``), against the real FHIR server of the rig.
extension RigTests {
    /// Searches of the rig's patient for types its Synthea chart does not have (each answer one empty page), made
    /// distinct by a tag nobody uses.
    func emptySearches(_ count: Int, connection: ProviderConnection) -> [SearchLookahead.Planned] {
        let types = ["Coverage", "DocumentReference", "MedicationDispense", "MedicationStatement"]
        return (0..<count).map { index in
            let type = types[index % types.count]
            return .init(url: ProviderSync.searchURL(type, query: "_tag=none-\(index)", since: nil, connection: connection, pageSize: 50)!,
                         type: type)
        }
    }

    /// A session for a connection made with the rig's public client.
    func lookaheadSession() async throws -> (FHIRSession, ProviderConnection, URL) {
        let (_, connections, folder) = try Rig.stores()
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http)
        let keeper = TokenKeeper(connectionID: connection.id, store: connections, http: http)
        return (FHIRSession(base: connection.fhirBase, keeper: keeper, http: http, accept: "application/fhir+json"), connection, folder)
    }

    @Test func eachSearchStartsAsTheOneBeforeEndsDownloadingNotWhenTheSyncReachesIt() async throws {
        try await rig.reset()
        let (session, connection, folder) = try await lookaheadSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = emptySearches(5, connection: connection)
        let lookahead = SearchLookahead(plan: plan, session: session, maximumPages: 10)
        defer { lookahead.cancel() }
        lookahead.start(after: nil)
        for (index, search) in plan.enumerated() {
            // The search before ended its download before its end reached the reader here: this one is under way.
            let pages = try #require(lookahead.take(search.url), "search \(index) started ahead")
            #expect(lookahead.take(search.url) == nil, "handed out once")
            let page = try #require(try await pages.next())
            #expect(page.number == 1 && page.response.status == 200 && page.url == search.url)
            #expect(try await pages.next() == nil, "one page")
        }
    }

    @Test func aSearchOfManyPagesAheadIsTakenOverWithItsPagesInOrderAndTheNextStartsAfterIt() async throws {
        try await rig.reset()
        let (session, connection, folder) = try await lookaheadSession()
        defer { try? FileManager.default.removeItem(at: folder) }
        let observations = try #require(ProviderSync.searchURL("Observation", query: nil, since: nil, connection: connection, pageSize: 7))
        let plan = [SearchLookahead.Planned(url: observations, type: "Observation")] + emptySearches(1, connection: connection)
        let lookahead = SearchLookahead(plan: plan, session: session, maximumPages: 1000)
        defer { lookahead.cancel() }
        lookahead.start(after: nil)
        let pages = try #require(lookahead.take(observations))
        var numbers: [Int] = [], ids = Set<String>()
        while let page = try await pages.next() {
            numbers.append(page.number)
            let bundle = try #require(try JSONSerialization.jsonObject(with: page.response.body) as? [String: Any])
            for entry in bundle["entry"] as? [[String: Any]] ?? [] {
                ids.insert(try #require((entry["resource"] as? [String: Any])?["id"] as? String))
            }
        }
        let total = try await serverCount("Observation")
        #expect(numbers == Array(1...max(1, (total + 6) / 7)), "every page once, in order")
        #expect(ids.count == total)
        #expect(lookahead.take(plan[1].url) != nil, "the search after it started when its download ended")
    }
}
