import Foundation
import TestSupport
import Testing

extension ProvidersCommandTests {
    @Test func recordsShowNamesThePrescriberKeptWithTheConnection() async throws {
        try await rig.configure(["consent": "", "ttl": 3600])
        let connected = try await connect(paste: true)
        #expect(connected.status == 0, "\(connected.stderr)")
        #expect(connected.stdout.contains("  Practitioner, Organization: "), "the sync says how many parties it read")
        // A Synthea prescription of the rig's patient and the name the server has for its prescriber.
        let (id, requester, expected) = try await rig.prescriber()

        let shown = try await HealthProcess.run(["records", "show", "MedicationRequest/\(id)", "--database", database])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\nrequester: \(expected) (\(requester))\n"), "\(shown.stdout.prefix(600))")
    }
}
