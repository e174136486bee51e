import Foundation
@testable import HealthServer
import TestSupport
import Testing

extension ProviderConnectionsTests {
    @Test("the records page names a prescription's prescriber, kept with the connection, instead of a bare reference")
    func recordsPageNamesParties() async throws {
        let harness = try await ServerHarness.withRig(rig)
        defer { harness.stop() }
        let (alice, _) = try await harness.personConnected("alice", rig: rig)

        // A Synthea prescription of the rig's patient and the name the server has for its prescriber.
        let (_, requester, expected) = try await rig.prescriber()

        let page = try await harness.send("GET", "/records?category=medicationRecord", cookie: alice)
        #expect(page.status == 200)
        #expect(page.text.contains("<dt>Requester</dt><dd>\(expected) (\(requester))</dd>"), "\(page.text.prefix(2000))")
    }
}
