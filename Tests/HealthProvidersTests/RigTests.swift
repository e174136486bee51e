import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HealthKitModel
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// The whole flow over real HTTP against the loopback rig: discovery, launch, code exchange, sync into a real store,
/// refresh, rotation, downscoping, revocation. Serialized: the test AS's knobs are shared.
@Suite(.serialized, .enabled(if: Rig.current != nil, Rig.skipComment), .providerRigExclusive)
struct RigTests {
    let rig = Rig.current!
    let http = HTTPTransport(attempts: 2, baseDelay: 0.1)

    /// The server's own count of the patient's `type` resources (asked with the rig's token).
    func serverCount(_ type: String) async throws -> Int {
        var request = URLRequest(url: URL(string: "\(rig.fhirBase.absoluteString)/\(type)?patient=\(rig.patientID)&_count=1")!)
        request.setValue("Bearer " + rig.seedToken, forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["total"] as? Int ?? -1
    }

    func refresh(_ token: String, client: String) async throws -> HTTPTransport.Response {
        let configuration = try await SMARTDiscovery(http: http).discover(fhirBase: rig.fhirBase, override: rig.override)
        return try await TokenEndpoint(http: http, url: configuration.tokenEndpoint, client: .none(clientID: client))
            .post([("grant_type", "refresh_token"), ("refresh_token", token)], step: .refresh)
    }

    @Test func publicClientDownloadsEveryGrantedTypeAndRefreshSeesChanges() async throws {
        try await rig.reset()
        let (health, connections, folder) = try Rig.stores()
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http)
        #expect(connection.patientID == rig.patientID)
        #expect(ProviderSync.resourceTypes.allSatisfy(connection.granted.allowsSearch))
        var sync = ProviderSync(connections: connections, http: http, health: health)
        sync.pageSize = 10
        sync.overlap = 1
        let first = try await sync.sync(connection.id)
        #expect(first.isComplete, "\(first.problems)")
        #expect(!first.incremental)
        let seeded = try rig.seededCounts()
        #expect(first.types.first { $0.resourceType == "MedicationOrder" }?.notSearched == "not offered by the server", "DSTU2 only")
        for result in first.types where result.notSearched == nil {
            let expected = try await serverCount(result.resourceType)
            #expect(expected >= seeded[result.resourceType, default: 0])
            #expect(result.ingest.outcome.added == expected, "\(result.resourceType)")
        }
        let observations = try #require(first.types.first { $0.resourceType == "Observation" })
        #expect(observations.pages >= 7, "65 Observations in pages of 10")
        let labs = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(.labResultRecord))], sortDescriptors: [])
            .result(for: health)
        #expect(!labs.isEmpty && labs.allSatisfy { $0.sourceRevision.source.name == "Rig General Hospital" })

        // Nothing changed: the incremental sync stores nothing.
        let second = try await sync.sync(connection.id)
        #expect(second.isComplete && second.incremental, "\(second.problems)")
        #expect(second.outcome.added == 0 && second.outcome.replaced == 0)

        // A changed Observation and a new Condition at the source: the next sync brings exactly those.
        let stored = try #require(labs.compactMap(\.fhirResource).first { $0.resourceType.rawValue == "Observation" })
        var changed = try #require(JSONSerialization.jsonObject(with: stored.data) as? [String: Any])
        changed["status"] = "amended"
        _ = try await rig.write("PUT", "Observation/\(stored.identifier)", changed)
        _ = try await rig.write("POST", "Condition", ["resourceType": "Condition", "subject": ["reference": "Patient/\(rig.patientID)"],
                                                       "code": ["text": "Seasonal allergic rhinitis"]])
        let third = try await sync.sync(connection.id)
        #expect(third.isComplete, "\(third.problems)")
        #expect(third.outcome.added == 1 && third.outcome.replaced == 1)
        #expect(third.outcome.unchanged < first.outcome.added / 2, "only changes since the last sync were asked for")

        // No token in any file the connection store wrote.
        let secrets = try connections.secrets(of: connections.connection(connection.id))
        for file in try FileManager.default.contentsOfDirectory(at: connections.folder, includingPropertiesForKeys: nil) {
            let bytes = try Data(contentsOf: file)
            for token in [secrets.accessToken, secrets.refreshToken].compactMap({ $0 }) {
                #expect(bytes.range(of: Data(token.utf8)) == nil, "\(file.lastPathComponent) holds a token in the clear")
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func confidentialClientGetsWhatTheConsentGrantsAndSyncsOnlyThat() async throws {
        try await rig.configure(["consent": "launch/patient openid fhirUser patient/Patient.rs patient/Condition.rs patient/Immunization.rs", "ttl": 3600])
        let (health, connections, folder) = try Rig.stores()
        await #expect { try await rig.connect(.clientSecretBasic(clientID: rig.secretClient, secret: "wrong"), connections: connections, http: http) } throws: { error in
            let error = error as? ProviderError
            return error?.step == .tokenExchange && error?.oauthError == "invalid_client" && error?.description.contains("wrong") == false
        }
        let connection = try await rig.connect(.clientSecretBasic(clientID: rig.secretClient, secret: rig.secret), connections: connections, http: http)
        #expect(connection.granted.description == "launch/patient openid fhirUser patient/Patient.rs patient/Condition.rs patient/Immunization.rs")
        #expect(connection.requested.refused(by: connection.granted).contains("offline_access"))
        #expect(try connections.secrets(of: connection).refreshToken == nil)
        let report = try await ProviderSync(connections: connections, http: http, health: health).sync(connection.id)
        #expect(report.patientError == nil, "Patient was not granted, so not read")
        let searched = report.types.filter { $0.notSearched == nil }.map(\.resourceType)
        #expect(searched == ["Condition", "Immunization"])
        #expect(report.types.first { $0.resourceType == "Observation" }?.notSearched == "not granted")
        for result in report.types where result.notSearched == nil {
            #expect(result.error == nil)
            #expect(try await result.ingest.outcome.added == serverCount(result.resourceType))
        }
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func expiredTokenIsRefreshedMidSyncRotatedAndRevokedOnRemoval() async throws {
        try await rig.configure(["consent": "", "ttl": 2])
        let (health, connections, folder) = try Rig.stores()
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http,
                                               types: ["Observation", "Condition"])
        let before = try #require(try connections.secrets(of: connection).refreshToken)
        try await Task.sleep(nanoseconds: 2_500_000_000)
        var sync = ProviderSync(connections: connections, http: http, health: health)
        sync.refreshMargin = 0  // use the expired token: the server's 401 must trigger the refresh
        sync.pageSize = 5
        let report = try await sync.sync(connection.id)
        #expect(report.isComplete, "\(report.problems)")
        #expect(try await report.types.first { $0.resourceType == "Observation" }?.ingest.outcome.added == serverCount("Observation"))
        let after = try #require(try connections.secrets(of: connections.connection(connection.id)).refreshToken)
        #expect(after != before, "the refresh token rotated")
        let old = try await refresh(before, client: rig.publicClient)
        #expect(old.status == 400 && String(decoding: old.body, as: UTF8.self).contains("invalid_grant"), "the old refresh token is refused")

        #expect(try await connections.remove(connection.id, http: http), "the server confirmed the revocation")
        #expect(throws: ProviderError.self) { try connections.connection(connection.id) }
        let revoked = try await refresh(after, client: rig.publicClient)
        #expect(revoked.status == 400, "the revoked refresh token is refused")
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func refusedRefreshMeansSignInAgainNotEndlessRetries() async throws {
        try await rig.configure(["consent": "", "ttl": 1])
        let (health, connections, folder) = try Rig.stores()
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: ["Condition"])
        let refreshToken = try #require(try connections.secrets(of: connection).refreshToken)
        _ = try await refresh(refreshToken, client: rig.publicClient)  // spends it (rotation): ours is now dead
        try await Task.sleep(nanoseconds: 1_500_000_000)
        let report = try await ProviderSync(connections: connections, http: http, health: health).sync(connection.id)
        #expect(!report.isComplete)
        #expect(report.patientError?.oauthError == "invalid_grant")
        let after = try connections.connection(connection.id)
        #expect(after.status == .needsSignIn)
        await #expect(throws: ProviderError.self) { try await ProviderSync(connections: connections, http: http, health: health).sync(connection.id) }
        try? FileManager.default.removeItem(at: folder)
    }

    @Test(arguments: ClientSigningKey.Algorithm.allCases)
    func privateKeyJWTClientWithTheProductsOwnKey(algorithm: ClientSigningKey.Algorithm) async throws {
        try await rig.configure(["consent": "", "ttl": 2])
        let (health, connections, folder) = try Rig.stores()
        let key = try connections.clientKey(algorithm)
        let kid = try key.keyID, kept = try connections.clientKey(algorithm).keyID
        #expect(kept == kid, "the key is kept")
        let jwks = try JSONSerialization.jsonObject(with: Data(ClientSigningKey.jwks([key]).utf8))
        let client = "jwt-app-\(algorithm.rawValue)"
        try await rig.configure(["clients": [client: ["jwks": jwks, "redirect_uris": [rig.redirectURI.absoluteString]]]])
        let connection = try await rig.connect(.privateKeyJWT(clientID: client, key: key), connections: connections, http: http, types: ["Condition"])
        #expect(connection.authMethod == "private_key_jwt" && connection.signingAlgorithm == algorithm)
        try await Task.sleep(nanoseconds: 2_500_000_000)  // expired: the sync's refresh authenticates with the key too
        var sync = ProviderSync(connections: connections, http: http, health: health)
        sync.refreshMargin = 0
        let report = try await sync.sync(connection.id)
        #expect(report.isComplete, "\(report.problems)")
        #expect(try await report.types.first { $0.resourceType == "Condition" }?.ingest.outcome.added == serverCount("Condition"))
        try await rig.reset()
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func connectingTwiceReusesTheConnectionAndDuplicatesNothing() async throws {
        try await rig.reset()
        let (health, connections, folder) = try Rig.stores()
        let first = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: ["Condition"])
        let sync = ProviderSync(connections: connections, http: http, health: health)
        let added = try await sync.sync(first.id).outcome.added
        #expect(added > 0)
        let second = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: ["Condition"])
        #expect(second.id == first.id)
        #expect(try connections.all().count == 1)
        let again = try await sync.sync(second.id, full: true)
        #expect(again.outcome.added == 0 && again.outcome.unchanged == added)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aStateNotIssuedOrUsedTwiceIsRefused() async throws {
        try await rig.reset()
        let configuration = try await SMARTDiscovery(http: http).discover(fhirBase: rig.fhirBase, override: rig.override)
        let flow = AuthorizationFlow(http: http)
        let pending = try await flow.begin(fhirBase: rig.fhirBase, configuration: configuration, client: .none(clientID: rig.publicClient),
                                           scopes: .request(resourceTypes: ["Condition"], v2: true), redirectURI: rig.redirectURI)
        let query = URLComponents(url: pending.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.first { $0.name == "code_challenge_method" }?.value == "S256")
        #expect(query.first { $0.name == "aud" }?.value == rig.fhirBase.absoluteString)
        let redirect = try await rig.approve(pending.url, http: http)
        var forged = URLComponents(url: redirect, resolvingAgainstBaseURL: false)!
        forged.queryItems = forged.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
        await #expect(throws: ProviderError.self) { try await flow.complete(redirect: forged.url!) }
        _ = try await flow.complete(redirect: redirect)
        await #expect { try await flow.complete(redirect: redirect) } throws: { error in
            (error as? ProviderError)?.message.contains("already used") == true
        }
    }
}

extension RigTests {
    /// A throttled endpoint of the test AS: the first `count` answers are 429 with `Retry-After: 1`.
    func throttled(count: Int, transport: HTTPTransport) async throws -> (HTTPTransport.Response, TimeInterval) {
        var parts = URLComponents(url: rig.discovery, resolvingAgainstBaseURL: false)!
        parts.path = "/throttled/" + UUID().uuidString
        parts.query = "count=\(count)&after=1"
        let started = Date()
        let answer = try await transport.send(URLRequest(url: parts.url!), step: .download(resourceType: "Observation"))
        return (answer, Date().timeIntervalSince(started))
    }

    @Test func retryAfterIsHonouredAndRetriesEnd() async throws {
        let (answer, waited) = try await throttled(count: 2, transport: HTTPTransport(attempts: 4, baseDelay: 0.05))
        #expect(answer.status == 200)
        #expect(waited >= 2, "two Retry-After: 1 waits")
        let (refused, _) = try await throttled(count: 5, transport: HTTPTransport(attempts: 2, baseDelay: 0.05))
        #expect(refused.status == 429, "after the last attempt the 429 is the answer, not an endless retry")
        let (tooLong, quick) = try await throttled(count: 1, transport: HTTPTransport(attempts: 3, maximumWait: 0.5))
        #expect(tooLong.status == 429 && quick < 1, "a wait longer than maximumWait is not slept")
    }
}

extension RigTests {
    @Test func resourcesDeletedAtTheSourceAreRemovedByTheNextSync() async throws {
        try await rig.reset()
        let (health, connections, folder) = try Rig.stores()
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: ["Condition"])
        var sync = ProviderSync(connections: connections, http: http, health: health)
        sync.overlap = 1
        let first = try await sync.sync(connection.id)
        #expect(first.fullCheck && first.isComplete, "\(first.problems)")
        let conditions = HKClinicalType(.conditionRecord)
        let before = try await HKAnchoredObjectQueryDescriptor(predicates: [.clinicalRecord(type: conditions)], anchor: nil).result(for: health)
        let resources = before.addedSamples.compactMap { ($0 as? HKClinicalRecord)?.fhirResource }
        let doomed = try #require(resources.first)
        _ = try await rig.write("DELETE", "Condition/\(doomed.identifier)", [:])

        // The next (incremental) sync sees the source count drop below what is kept, checks the type whole, removes it.
        let next = try await sync.sync(connection.id)
        #expect(next.isComplete && !next.fullCheck, "\(next.problems)")
        #expect(next.types.first { $0.resourceType == "Condition" }?.removed == 1)
        let full = try await sync.sync(connection.id, full: true)
        #expect(full.isComplete && full.types.allSatisfy { $0.removed == 0 }, "nothing left to remove")
        let changes = try await HKAnchoredObjectQueryDescriptor(predicates: [.clinicalRecord(type: conditions)], anchor: before.newAnchor)
            .result(for: health)
        #expect(changes.deletedObjects.count == 1 && changes.addedSamples.isEmpty, "anchored queries see the removal")
        let left = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: conditions)], sortDescriptors: []).result(for: health)
        #expect(left.count == before.addedSamples.count - 1)
        #expect(!left.contains { $0.fhirResource?.identifier == doomed.identifier })
        try? FileManager.default.removeItem(at: folder)
    }
}

extension RigTests {
    @Test func referencedMedicationsNameTheirRecordsAndAreFetchedOnce() async throws {
        try await rig.reset()
        let medication = try await rig.write("POST", "Medication", ["resourceType": "Medication",
                                                                    "code": ["text": "Amoxicillin 500 MG Oral Capsule"]])
        let medicationID = try #require(medication["id"] as? String)
        var requestIDs: [String] = []
        for _ in 0..<2 {
            let request = try await rig.write("POST", "MedicationRequest", [
                "resourceType": "MedicationRequest", "status": "active", "intent": "order",
                "subject": ["reference": "Patient/\(rig.patientID)"], "medicationReference": ["reference": "Medication/\(medicationID)"]])
            requestIDs.append(try #require(request["id"] as? String))
        }
        let (health, connections, folder) = try Rig.stores()
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http,
                                               types: ["MedicationRequest", "Medication"])
        let report = try await ProviderSync(connections: connections, http: http, health: health).sync(connection.id)
        #expect(report.isComplete, "\(report.problems)")
        let records = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(.medicationRecord))], sortDescriptors: [])
            .result(for: health)
        let named = records.filter { requestIDs.contains($0.fhirResource?.identifier ?? "") }
        #expect(named.count == 2)
        #expect(named.allSatisfy { $0.displayName == "Amoxicillin 500 MG Oral Capsule" }, "\(named.map(\.displayName))")
        #expect(ReferencedResources.medicationKey("\(rig.fhirBase.absoluteString)/Medication/\(medicationID)", base: rig.fhirBase)
            == "Medication/\(medicationID)")
        #expect(ReferencedResources.medicationKey("https://elsewhere.example/fhir/Medication/1", base: rig.fhirBase) == nil)
        #expect(ReferencedResources.medicationKey("#med1", base: rig.fhirBase) == nil)
        try? FileManager.default.removeItem(at: folder)
    }
}

extension RigTests {
    static func cda(_ title: String) -> String {
        """
        <ClinicalDocument xmlns="urn:hl7-org:v3"><title>\(title)</title><effectiveTime value="20240203"/>\
        <recordTarget><patientRole><patient><name><given>Blair</given><family>Conroy</family></name></patient></patientRole></recordTarget>\
        <author><assignedAuthor><assignedPerson><name><given>Ann</given><family>Smith</family></name></assignedPerson></assignedAuthor></author>\
        <custodian><assignedCustodian><representedCustodianOrganization><name>Rig General Hospital</name></representedCustodianOrganization></assignedCustodian></custodian>\
        </ClinicalDocument>
        """
    }

    static func documents(_ health: HKHealthStore) async throws -> [HKCDADocumentSample] {
        try await withCheckedThrowingContinuation { continuation in
            var collected: [HKDocumentSample] = []
            let query = HKDocumentQuery(documentType: HKDocumentType(.CDA), predicate: nil, limit: HKObjectQueryNoLimit,
                                        sortDescriptors: nil, includeDocumentData: true) { _, batch, done, error in
                if let error { continuation.resume(throwing: error); return }
                collected += batch ?? []
                if done { continuation.resume(returning: collected.compactMap { $0 as? HKCDADocumentSample }) }
            }
            health.execute(query)
        }
    }

    @Test func cdaAttachmentsAreDownloadedAndStoredAsDocumentsOnce() async throws {
        try await rig.reset()
        let title = "Discharge summary \(UUID().uuidString.prefix(8))"
        let binary = try await rig.write("POST", "Binary", ["resourceType": "Binary", "contentType": "application/xml",
                                                            "data": Data(Self.cda(title).utf8).base64EncodedString()])
        let binaryID = try #require(binary["id"] as? String)
        let noteTitle = "Summary note \(UUID().uuidString.prefix(8))"
        let text = "Seen for follow-up \(UUID().uuidString.prefix(8)); doing well."
        let plain = try await rig.write("POST", "Binary", ["resourceType": "Binary", "contentType": "text/plain",
                                                           "data": Data(text.utf8).base64EncodedString()])
        _ = try await rig.write("POST", "DocumentReference", [
            "resourceType": "DocumentReference", "status": "current", "subject": ["reference": "Patient/\(rig.patientID)"],
            "type": ["text": noteTitle],
            "content": [["attachment": ["contentType": "application/xml", "url": "Binary/\(binaryID)"]],
                        ["attachment": ["contentType": "text/plain", "url": "Binary/\(try #require(plain["id"] as? String))"]]]])
        let (health, connections, folder) = try Rig.stores()
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http,
                                               types: ["DocumentReference", "Binary"])
        let sync = ProviderSync(connections: connections, http: http, health: health)
        let first = try await sync.sync(connection.id)
        #expect(first.isComplete, "\(first.problems)")
        let notes = try #require(first.types.first { $0.resourceType == "DocumentReference" })
        #expect(notes.documentsStored >= 1)
        let stored = try await Self.documents(health).filter { $0.document?.title == title }
        #expect(stored.count == 1)
        #expect(stored.first?.document?.documentData == Data(Self.cda(title).utf8))
        #expect(stored.first?.sourceRevision.source.name == "Rig General Hospital")
        let clinicalNotes = try await HKSampleQueryDescriptor(predicates: [.clinicalRecord(type: HKClinicalType(.clinicalNoteRecord))], sortDescriptors: [])
            .result(for: health)
        let note = try #require(clinicalNotes.first { $0.displayName == noteTitle }?.fhirResource)
        let content = (try JSONSerialization.jsonObject(with: note.data) as? [String: Any])?["content"] as? [[String: Any]]
        #expect((content?.last?["attachment"] as? [String: Any])?["data"] as? String == Data(text.utf8).base64EncodedString(),
                "the text attachment is kept inside the clinical note")
        #expect(notes.attachmentsInlined >= 1, "earlier runs on the same rig left theirs")

        let again = try await sync.sync(connection.id, full: true)
        #expect(again.types.first { $0.resourceType == "DocumentReference" }?.documentsStored == 0)
        #expect(try await Self.documents(health).filter { $0.document?.title == title }.count == 1, "the same document is stored once")
        try? FileManager.default.removeItem(at: folder)
    }
}
