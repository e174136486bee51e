import Foundation
import HealthKitModel
import HealthLocking
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// The built-in sample institutions, connected and synced through the same launch and sync as a real provider (the
/// in-process server answers; no network), and the Argonaut Data Query examples served by a DSTU2 server the same
/// way. The server's clock is moved by the test to see a later refresh.
@Suite struct SampleInstitutionTests {
    let clock = Locked(Date())

    func transport(_ institutions: [SampleInstitution] = SampleInstitution.all) -> HTTPTransport {
        let clock = self.clock
        return HTTPTransport(attempts: 1, baseDelay: 0.01, maximumWait: 1, timeout: 5,
                             samples: SampleServer(clock: { clock.current }, institutions: institutions))
    }

    /// The source's records, by clinical type.
    func records(_ health: HKHealthStore, _ source: HKSource) async throws -> [HKClinicalTypeIdentifier: [HKClinicalRecord]] {
        var found: [HKClinicalTypeIdentifier: [HKClinicalRecord]] = [:]
        for identifier in [HKClinicalTypeIdentifier.allergyRecord, .clinicalNoteRecord, .conditionRecord, .coverageRecord, .immunizationRecord,
                           .labResultRecord, .medicationRecord, .procedureRecord, .vitalSignRecord] {
            found[identifier] = try await HKSampleQueryDescriptor(
                predicates: [.clinicalRecord(type: HKClinicalType(identifier), predicate: HKQuery.predicateForObjects(from: source))],
                sortDescriptors: []).result(for: health)
        }
        return found
    }

    @Test(arguments: ["r4", "dstu2"])
    func sampleInstitutionConnectsSyncsEveryCategoryAndRefreshes(name: String) async throws {
        let sample = try #require(SampleInstitution.named(name))
        let (health, connections, folder) = try ProviderRig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let http = transport()
        let connection = try await sample.connect(connections: connections, http: http)
        #expect(connection.patientID == sample.patientID && connection.institution == sample.institution)
        #expect(connection.granted.scopes.contains(sample.release == .r4 ? "patient/Observation.rs" : "patient/Observation.read"))
        let sync = ProviderSync(connections: connections, http: http, health: health)
        let first = try await sync.sync(connection.id)
        #expect(first.isComplete, "\(first.problems)")

        let chart = sample.chart, weeks = SampleChart.readingDays(until: clock.current).count
        let stored = try await records(health, ClinicalInstitution(name: sample.institution).source)
        let expected: [HKClinicalTypeIdentifier: Int] = [
            .allergyRecord: chart.allergies.count, .conditionRecord: chart.conditions.count, .immunizationRecord: chart.immunizations.count,
            .labResultRecord: chart.labs.count + 1, .medicationRecord: chart.medications.count, .procedureRecord: chart.procedures.count,
            .vitalSignRecord: 2 * weeks, .clinicalNoteRecord: chart.notes.count, .coverageRecord: 0,
        ]
        for (identifier, count) in expected { #expect(stored[identifier]?.count == count, "\(identifier.rawValue)") }
        let release: HKFHIRRelease = sample.release == .r4 ? .r4 : .dstu2
        #expect(stored.values.joined().allSatisfy { $0.fhirResource?.fhirVersion.fhirRelease == release })
        let referenced = try #require(chart.medications.first { $0.byReference })
        #expect(stored[.medicationRecord]?.contains { $0.displayName == referenced.code.display } == true, "the Medication was fetched")
        let visit = try #require(chart.notes.first { !$0.cda })
        let note = try #require(stored[.clinicalNoteRecord]?.first { $0.displayName == visit.title }?.fhirResource)
        let content = (try JSONSerialization.jsonObject(with: note.data) as? [String: Any])?["content"] as? [[String: Any]]
        #expect((content?.first?["attachment"] as? [String: Any])?["data"] as? String == Data(visit.text.utf8).base64EncodedString(),
                "the note's text is inside the record (R4 serves it as a Binary, DSTU2 inline)")
        let documents = try await RigTests.documents(health)
        #expect(documents.count == 1 && documents.first?.document?.title == "Continuity of Care Document")
        #expect(documents.first?.sourceRevision.source.name == sample.institution)

        // A week later at the institution: the access token has expired there (401, refreshed, the refresh token
        // rotated) and one more weight and blood pressure reading exist.
        let before = try connections.secrets(of: connections.connection(connection.id))
        clock.withLock { $0 += 7 * 86400 }
        let second = try await sync.sync(connection.id)
        #expect(second.isComplete, "\(second.problems)")
        #expect(second.outcome.added == 2 && second.outcome.replaced == 0)
        #expect(second.incremental == (sample.release == .r4), "R4 lists _lastUpdated; the DSTU2 Conformance does not")
        let after = try connections.secrets(of: connections.connection(connection.id))
        #expect(after.accessToken != before.accessToken && after.refreshToken != before.refreshToken)
        #expect(try await records(health, ClinicalInstitution(name: sample.institution).source)[.vitalSignRecord]?.count == 2 * weeks + 2)
        #expect(try await sample.connect(connections: connections, http: http).id == connection.id, "connecting again reuses it")
    }

    @Test func argonautServersNeedAnObservationCategory() async throws {
        let sample = try #require(SampleInstitution.named("dstu2"))
        let (health, connections, folder) = try ProviderRig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let http = transport()
        var connection = try await sample.connect(connections: connections, http: http)
        connection.searchParameters = nil
        try connections.update(connection)
        let report = try await ProviderSync(connections: connections, http: http, health: health).sync(connection.id)
        #expect(!report.isComplete)
        let observations = try #require(report.types.first { $0.resourceType == "Observation" })
        #expect(observations.error?.status == 400 && observations.error?.message.contains("need a category") == true)
    }

    @Test(.enabled(if: TestData.directory("fhir-dstu2/argonaut-data-query-examples") != nil, Comment(rawValue: TestData.missingMessage)))
    func argonautDataQueryExamplesSyncAsDSTU2Records() async throws {
        let folder = try #require(TestData.directory("fhir-dstu2/argonaut-data-query-examples"))
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "json" }
        let fixtures = try files.map { try Data(contentsOf: $0) }
        let chart = SampleChart(patientID: "peter-chalmers", given: "Peter", family: "Chalmers", gender: "male", birthDate: "1974-12-25",
                                allergies: [], conditions: [], immunizations: [], procedures: [], labs: [], medications: [], notes: [])
        let argonaut = SampleInstitution(name: "argonaut", institution: "Argonaut Examples",
                                         fhirBase: URL(string: "https://argonaut.\(SampleServer.domain)/api/FHIR/DSTU2")!, release: .dstu2,
                                         chart: chart, fixtures: fixtures)
        // What the Argonaut searches must return, read from the files: the patient's resources of a searched type,
        // Observations in the laboratory and vital-signs categories.
        var expected = Set<String>()
        for data in fixtures {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let type = object["resourceType"] as? String ?? ""
            guard SampleCapabilities.searched(.dstu2).contains(type), SampleSearch.belongs(object, to: "peter-chalmers") else { continue }
            if type == "Observation", SampleSearch.categories(object).isDisjoint(with: ["laboratory", "vital-signs"]) { continue }
            expected.insert("\(type)/\(object["id"] as? String ?? "")")
        }
        #expect(expected.count > 30)
        let (health, connections, temporary) = try ProviderRig.stores()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let http = transport([argonaut])
        let connection = try await argonaut.connect(connections: connections, http: http)
        let report = try await ProviderSync(connections: connections, http: http, health: health).sync(connection.id)
        #expect(report.isComplete, "\(report.problems)")
        let byType = try await records(health, ClinicalInstitution(name: "Argonaut Examples").source)
        let stored = byType.values.joined()
        let identities = Set(stored.compactMap { $0.fhirResource.map { "\($0.resourceType.rawValue)/\($0.identifier)" } })
        #expect(identities == expected)
        #expect(stored.allSatisfy { $0.fhirResource?.fhirVersion.fhirRelease == .dstu2 })
        #expect(byType[.vitalSignRecord]?.isEmpty == false && byType[.labResultRecord]?.isEmpty == false)
    }
}
