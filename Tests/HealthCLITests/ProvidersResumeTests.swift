import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// A `health providers sync` killed with SIGKILL in the middle of a sync, then run again: nothing stored twice,
/// nothing missing. The sync is held mid-way by the rig's proxy answering the Observation search with 503 and a long
/// `Retry-After`, and killed while it waits.
extension ProvidersCommandTests {
    /// POSTs `body` to the rig's AS admin endpoint (faults, consent, ...).
    func configureRig(_ body: [String: Any]) async throws {
        var request = URLRequest(url: rig.admin)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        _ = try await URLSession.shared.data(for: request)
    }

    /// Creates a resource at the FHIR server behind the client's back; its id.
    @discardableResult
    func create(_ resource: [String: Any]) async throws -> String {
        var request = URLRequest(url: rig.fhirBase.appendingPathComponent(resource["resourceType"] as? String ?? ""))
        request.httpMethod = "POST"
        request.setValue("Bearer " + rig.seedToken, forHTTPHeaderField: "Authorization")
        request.setValue("application/fhir+json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: resource)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["id"] as? String ?? ""
    }

    /// The ids of the stored records of FHIR type `type`, as `health records list` prints them.
    func storedIDs(_ type: String) async throws -> [String] {
        let rows = try HealthProcess.json(await HealthProcess.run(["records", "list", "--resource-type", type, "--format", "json", "--database", database]))
        return rows.compactMap { $0["id"] as? String }
    }

    /// The server's count of `patient`'s `type` resources.
    func serverCount(_ type: String, patient: String) async throws -> Int {
        var request = URLRequest(url: URL(string: "\(rig.fhirBase.absoluteString)/\(type)?patient=\(patient)&_count=1")!)
        request.setValue("Bearer " + rig.seedToken, forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["total"] as? Int ?? -1
    }

    @Test(.enabled(if: ProviderRig.current?.proxyBase != nil, "needs the rig's proxy (restart the rig)"))
    func aSyncKilledMidwayResumesWithoutDuplicatesOrLosses() async throws {
        // A patient of the test's own (a client whose patient knob names it), so other suites' counts never move.
        let patientID = try await create(["resourceType": "Patient", "name": [["family": "Resume", "given": ["Kim"]]]])
        let client = "resume-\(UUID().uuidString)", lane = UUID().uuidString
        try await configureRig(["clients": [client: ["redirect_uris": [rig.redirectURI.absoluteString], "patient": patientID]]])
        try await create(["resourceType": "Condition", "subject": ["reference": "Patient/\(patientID)"], "code": ["text": "Earlier condition"]])
        let connected = try await connect(paste: true, base: try #require(rig.proxy(lane: lane)), client: client)
        #expect(connected.status == 0, "\(connected.stderr)")
        let id = try #require(connected.stdout.split(separator: "\n").last.map(String.init))

        let patient = ["reference": "Patient/\(patientID)"]
        for index in 0..<3 {
            try await create(["resourceType": "Condition", "subject": patient, "code": ["text": "Resumed condition \(index)"]])
            try await create(["resourceType": "Observation", "status": "final", "subject": patient, "code": ["text": "Resumed result \(index)"],
                              "category": [["coding": [["system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "laboratory"]]]],
                              "valueQuantity": ["value": index, "unit": "mg/dL"]])
        }
        try await configureRig(["faults": [lane: ["Observation": ["count": 1, "status": 503, "after": 90]]]])
        let running = try RunningHealth(["providers", "sync", id, "--database", database])
        let reachedObservation = try await running.wait { $0.contains("  MedicationStatement: ") }
        var served = 0
        for _ in 0..<100 where served == 0 {
            served = try await rig.faultsServed(lane: lane)["Observation"] ?? 0
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        await running.stop(SIGKILL)
        #expect(reachedObservation && served == 1, "the sync was waiting out the Observation search: \(running.printed)")
        #expect(running.process.terminationReason == .uncaughtSignal && running.process.terminationStatus == SIGKILL)
        #expect(running.printed.contains("  Condition: 1 pages, 3 added") && !running.printed.contains("complete"), "\(running.printed)")
        try await configureRig(["faults": [lane: [String: Any]()]])

        // Run again: the finished types resume from their checkpoints, the rest is fetched; nothing twice, nothing lost.
        let resumed = try await HealthProcess.run(["providers", "sync", id, "--database", database])
        #expect(resumed.status == 0, "\(resumed.stdout)\(resumed.stderr)")
        #expect(resumed.stdout.contains("  Condition: 1 pages, 0 added, 0 replaced"), "\(resumed.stdout)")
        #expect(resumed.stdout.contains("  Observation: 1 pages, 3 added"), "\(resumed.stdout)")
        #expect(try await storedIDs("Condition").count == 4)
        #expect(try await storedIDs("Observation").count == 3)
        for type in ["Condition", "Observation", "Immunization", "Procedure"] {
            let ids = try await storedIDs(type)
            #expect(Set(ids).count == ids.count, "\(type) stored twice")
            #expect(try await ids.count == serverCount(type, patient: patientID), "\(type)")
        }
        let check = try await HealthProcess.run(["providers", "sync", id, "--full", "--database", database])
        #expect(check.status == 0 && check.stdout.range(of: "[1-9][0-9]* (added|removed)", options: .regularExpression) == nil,
                "a full check finds nothing missing or extra: \(check.stdout)")
    }
}
