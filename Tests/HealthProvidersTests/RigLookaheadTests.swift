import Foundation
@testable import HealthProviders
import TestSupport
import Testing

/// The sync's lookahead over its planned searches (``SearchLookahead``), against the real FHIR server of the rig.
extension RigTests {
    /// Searches of the rig's patient for types Synthea charts do not have: each answer is one empty page.
    func emptySearches(_ count: Int, connection: ProviderConnection) -> [SearchLookahead.Planned] {
        let types = ["Coverage", "DocumentReference", "MedicationDispense", "MedicationStatement", "Coverage", "DocumentReference"]
        return (0..<count).map { index in
            let url = ProviderSync.searchURL(types[index], query: "_tag=none-\(index)", since: nil, connection: connection, pageSize: 50)!
            return .init(url: url, type: types[index])
        }
    }

    @Test func aSearchWhoseFirstPageIsItsOnlyOneLetsTheLookaheadAskForTheNextUpToThreeWaiting() async throws {
        try await rig.reset()
        let (_, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http)
        let session = FHIRSession(base: connection.fhirBase, keeper: TokenKeeper(connectionID: connection.id, store: connections, http: http),
                                  http: http, accept: "application/fhir+json")
        let plan = emptySearches(5, connection: connection)
        let lookahead = SearchLookahead(plan: plan, session: session)
        defer { lookahead.cancel() }
        lookahead.start(after: nil)
        // Each answer, once arrived, has asked for the next search (its page had no `next` link) while fewer than three
        // answers wait untaken.
        for index in 0..<3 {
            let answer = try await #require(lookahead.waiting(plan[index].url), "search \(index) asked for ahead").value
            #expect(answer.status == 200)
            #expect(SearchLookahead.isOnlyPage(answer), "\(String(decoding: answer.body.prefix(300), as: UTF8.self))")
        }
        #expect(lookahead.waiting(plan[3].url) == nil, "three answers wait untaken: the fourth search is not asked for")
        // Taken by the sync, the first search's answer frees a place; the search after the last asked is asked for
        // when that one's download ends (SearchPages' `whenDownloaded`), as before.
        #expect(lookahead.take(plan[0].url) != nil && lookahead.take(plan[0].url) == nil, "handed out once")
        lookahead.start(after: plan[2].url)
        _ = try await #require(lookahead.waiting(plan[3].url)).value
        #expect(lookahead.waiting(plan[4].url) == nil, "three wait again: the second, third and fourth")
    }
}
