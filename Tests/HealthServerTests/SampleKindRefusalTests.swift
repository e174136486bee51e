import Foundation
import HealthServer
import Testing
import TestSupport

/// Bad audiograms, vision prescriptions, states of mind and scored assessments over real HTTP: each a 400 with
/// `errorInvalidArgument` naming the sample and the field, nothing of its batch stored; an app without sharing
/// permission refused; and another person sees none of them.
@Suite struct SampleKindRefusalTests {
    typealias Fixtures = SampleKindFixtures

    static func changed(_ sample: WireSample, _ change: (inout WireSample) -> Void) -> WireSample {
        var copy = sample
        change(&copy)
        return copy
    }

    static func steps(_ uuid: UUID) -> WireSample {
        var steps = Fixtures.sample("stepCount", 0, 60, uuid: uuid)
        steps.quantity = WireQuantity(value: 100, unit: "count")
        return steps
    }

    /// Each bad sample and what its error must name.
    static func cases() -> [(WireSample, String)] {
        let gad7 = Fixtures.gad7(), phq9 = Fixtures.phq9(), mind = Fixtures.stateOfMind(), audiogram = Fixtures.audiogram()
        let glasses = Fixtures.glasses(), contacts = Fixtures.contacts()
        func audiogramWith(_ change: (inout [WireSensitivityPoint]) -> Void) -> WireSample {
            changed(audiogram) { sample in change(&sample.audiogram!.sensitivityPoints!) }
        }
        func glassesWith(_ change: (inout WireVisionPrescription) -> Void) -> WireSample { changed(glasses) { change(&$0.visionPrescription!) } }
        let point = "samples[1].audiogram.sensitivityPoints"
        return [
            (changed(gad7) { $0.scoredAssessment!.answers.removeLast() }, "samples[1].scoredAssessment.answers: A GAD-7 assessment needs exactly 7 answers, not 6"),
            (changed(phq9) { $0.scoredAssessment!.answers = Array(repeating: 1, count: 10) }, "samples[1].scoredAssessment.answers: A PHQ-9 assessment needs exactly 9"),
            (changed(phq9) { $0.scoredAssessment!.answers[2] = 4; $0.scoredAssessment!.score = nil; $0.scoredAssessment!.risk = nil },
             "samples[1].scoredAssessment.answers: Answer 4 is not allowed for question 3 of the PHQ-9"),
            (changed(gad7) { $0.scoredAssessment!.answers[2] = 4 }, "samples[1].scoredAssessment.answers[2]: 4 is not an HKGAD7Assessment.Answer"),
            (changed(gad7) { $0.scoredAssessment!.answers[0] = -1 }, "samples[1].scoredAssessment.answers[0]"),
            (changed(gad7) { $0.scoredAssessment!.score = 11 }, "samples[1].scoredAssessment.score is 11, but the answers score 10"),
            (changed(phq9) { $0.scoredAssessment!.risk = 2 }, "samples[1].scoredAssessment.risk"),
            (changed(gad7) { $0.endDate = $0.startDate.addingTimeInterval(60) }, "samples[1].endDate must equal startDate"),
            (changed(mind) { $0.stateOfMind!.valence = 1.5 }, "samples[1].stateOfMind.valence"),
            (changed(mind) { $0.stateOfMind!.valence = -1.01 }, "samples[1].stateOfMind.valence"),
            (changed(mind) { $0.stateOfMind!.labels = [17, 39] }, "samples[1].stateOfMind.labels[1]: 39 is not an HKStateOfMind.Label"),
            (changed(mind) { $0.stateOfMind!.associations = [0] }, "samples[1].stateOfMind.associations[0]"),
            (changed(mind) { $0.stateOfMind!.kind = 3 }, "samples[1].stateOfMind.kind"),
            (changed(mind) { $0.stateOfMind!.valenceClassification = 1 }, "samples[1].stateOfMind.valenceClassification"),
            (changed(mind) { $0.endDate = $0.startDate.addingTimeInterval(1) }, "samples[1].endDate must equal startDate"),
            (audiogramWith { $0[0].tests[1].side = 2 }, "\(point)[0].tests[1].side: 2 is not an HKAudiogramSensitivityTestSide"),
            (audiogramWith { $0[0].tests[0].sensitivity.value = -40 }, "\(point)[0].tests[0].sensitivity.value: -40.0 dBHL is out of range"),
            (audiogramWith { $0[2].tests[0].sensitivity.value = 200 }, "\(point)[2].tests[0].sensitivity.value"),
            (audiogramWith { $0[0].tests[0].sensitivity.unit = "Hz" }, "\(point)[0].tests[0].sensitivity.unit"),
            (audiogramWith { $0[0].tests[0].type = 1 }, "\(point)[0].tests[0].type"),
            (audiogramWith { $0.swapAt(0, 2) }, "\(point)[1].frequency: 1000.0 Hz follows 4000.0 Hz"),
            (audiogramWith { $0[0].frequency.value = 0 }, "\(point)[0].frequency.value must be more than 0"),
            (audiogramWith { $0[2].frequency.value = 30_000 }, "\(point)[2].frequency"),
            (audiogramWith { $0[1].frequency.unit = "dBHL" }, "\(point)[1].frequency.unit"),
            (audiogramWith { points in
                points = (0..<31).map { WireSensitivityPoint(frequency: WireQuantity(value: Double(100 + $0 * 100), unit: "Hz"), tests: points[0].tests) }
            }, "\(point) has 31 points"),
            (audiogramWith { $0[0].tests.append($0[0].tests[0]) }, "\(point)[0].tests: "),
            (audiogramWith { $0[1].tests[2].clampingRange = WireClampingRange(lowerBound: 50, upperBound: 10) }, "\(point)[1].tests[2].clampingRange"),
            (audiogramWith { $0[1].tests[2].clampingRange = WireClampingRange() }, "\(point)[1].tests[2].clampingRange"),
            (audiogramWith { $0[1].tests[2].clampingRange = WireClampingRange(upperBound: 1000) }, "\(point)[1].tests[2].clampingRange.upperBound"),
            (changed(audiogram) { $0.audiogram = WireAudiogram() }, "\(point) is required"),
            (changed(audiogram) { $0.audiogram = nil }, "samples[1].audiogram is required"),
            (glassesWith { $0.rightEye!.axis!.value = 200 }, "samples[1].visionPrescription.rightEye.axis"),
            (glassesWith { $0.rightEye!.sphere.unit = "mm" }, "samples[1].visionPrescription.rightEye.sphere.unit"),
            (glassesWith { $0.rightEye!.vertexDistance!.value = -12 }, "samples[1].visionPrescription.rightEye.vertexDistance.value must be more than 0"),
            (glassesWith { $0.rightEye!.baseCurve = WireQuantity(value: 8.6, unit: "mm") }, "samples[1].visionPrescription.rightEye.baseCurve"),
            (glassesWith { $0.rightEye!.prism!.eye = 1 }, "samples[1].visionPrescription.rightEye.prism.eye"),
            (glassesWith { $0.rightEye!.prism!.angle = nil }, "samples[1].visionPrescription.rightEye.prism: give both amount and angle"),
            (glassesWith { $0.rightEye!.prism!.angle!.value = 360 }, "samples[1].visionPrescription.rightEye.prism.angle"),
            (glassesWith { $0.rightEye!.prism!.verticalAmount = WireQuantity(value: 3, unit: "pD") }, "samples[1].visionPrescription.rightEye.prism.verticalAmount"),
            (glassesWith { $0.leftEye!.prism!.verticalBase = 3 }, "samples[1].visionPrescription.leftEye.prism.verticalBase"),
            (glassesWith { $0.leftEye!.prism!.horizontalBase = 0 }, "samples[1].visionPrescription.leftEye.prism.horizontalBase"),
            (glassesWith { $0.leftEye!.prism!.horizontalBase = nil }, "samples[1].visionPrescription.leftEye.prism: the components need all"),
            (glassesWith { $0.prescriptionType = 3 }, "samples[1].visionPrescription.prescriptionType"),
            (glassesWith { $0.brand = "Acme" }, "samples[1].visionPrescription.brand"),
            (changed(contacts) { $0.visionPrescription!.leftEye!.prism = WirePrism(amount: WireQuantity(value: 1, unit: "pD"), angle: WireQuantity(value: 0, unit: "deg")) },
             "samples[1].visionPrescription.leftEye.prism"),
            (changed(contacts) { $0.visionPrescription!.brand = nil }, "samples[1].visionPrescription.brand is required"),
            (changed(contacts) { $0.endDate = $0.startDate.addingTimeInterval(-86_400) }, "samples[1].endDate"),
            // A payload on a sample of another kind would be dropped: refused instead.
            (changed(steps(UUID())) { $0.stateOfMind = mind.stateOfMind }, "samples[1].stateOfMind belongs to HKDataTypeStateOfMind samples"),
            (changed(audiogram) { $0.scoredAssessment = gad7.scoredAssessment }, "samples[1].scoredAssessment belongs to"),
            (changed(gad7) { $0.visionPrescription = glasses.visionPrescription }, "samples[1].visionPrescription belongs to"),
        ]
    }

    @Test("wrong answer counts, out-of-range valences and levels, unknown ears and enums, lens values of the other kind: 400 naming the field; nothing of the batch stored")
    func badValues() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        for (bad, field) in Self.cases() {
            let steps = UUID()
            let reply = try await harness.send("POST", "/v1/samples", token: token, json: try Fixtures.batch([Self.steps(steps), bad]))
            let error = reply.json["error"] as? [String: Any] ?? [:]
            #expect(reply.status == 400 && error["code"] as? Int == 3 && error["name"] as? String == "errorInvalidArgument",
                    "\(field): \(reply.status) \(reply.text.prefix(300))")
            let message = error["message"] as? String ?? ""
            #expect(message.contains(field), "\(field) not in \(message)")
            let read = try await harness.send("GET", "/v1/samples?type=stepCount&uuid=\(steps)", token: token)
            #expect((read.json["samples"] as? [[String: Any]])?.isEmpty == true, "\(field): the batch's steps were stored")
        }
        for type in Fixtures.types {
            let read = try await harness.send("GET", "/v1/samples?type=\(type)", token: token)
            #expect((read.json["samples"] as? [Any])?.isEmpty == true, "\(type): \(read.text.prefix(300))")
        }
    }

    @Test("an app allowed to read these types but not to share them cannot save them (403, errorAuthorizationDenied, nothing stored); once allowed to share, it saves them as their source")
    func sharingPermission() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let cookie = try await AuthorizationFlowTests.prepare(harness)
        let owner = try harness.server.createPersonalToken(for: "alice", label: "test")
        let types = ["HKDataTypeIdentifierAudiogram", "HKVisionPrescriptionTypeIdentifier", "HKDataTypeStateOfMind",
                     "HKScoredAssessmentTypeIdentifierGAD7", "HKScoredAssessmentTypeIdentifierPHQ9"]
        // The sheet asks to share and read; alice allows reading only. (Vision prescriptions are read per object,
        // requestPerObjectReadAuthorization, never by type: not in the read scope.)
        let reader = try await AuthorizationFlowTests.allowedAppToken(harness, cookie: cookie, share: types,
                                                                      read: types.filter { $0 != "HKVisionPrescriptionTypeIdentifier" }, sharing: [])
        for sample in Fixtures.all() {
            let reply = try await harness.send("POST", "/v1/samples", token: reader, json: try Fixtures.batch([sample]))
            #expect(reply.status == 403 && (reply.json["error"] as? [String: Any])?["name"] as? String == "errorAuthorizationDenied",
                    "\(sample.type): \(reply.status) \(reply.text.prefix(300))")
        }
        for type in Fixtures.types {
            #expect((try await harness.send("GET", "/v1/samples?type=\(type)", token: owner).json["samples"] as? [Any])?.isEmpty == true, "\(type)")
        }
        // Sharing once denied is not asked again (as on a device): alice revokes the app's access, and the sheet comes back.
        let csrf = try #require(ServerHarness.csrf(in: try await harness.send("GET", "/apps", cookie: cookie).text))
        #expect(try await harness.send("POST", "/apps/revoke", cookie: cookie, form: [("csrf", csrf), ("app", "com.example.steps")]).status == 303)
        let writer = try await AuthorizationFlowTests.allowedAppToken(harness, cookie: cookie, share: types, read: [])
        let sent = Fixtures.all()
        let saved = try await harness.send("POST", "/v1/samples", token: writer, json: try Fixtures.batch(sent))
        #expect(saved.status == 200, "\(saved.text)")
        let stored = try await SampleKindAPITests.read(harness, token: owner)
        #expect(Set(stored.compactMap(\.uuid)) == Set(sent.compactMap(\.uuid)))
        #expect(stored.allSatisfy { $0.source?.bundleIdentifier == "com.example.steps" })
    }

    @Test("another person sees none of them: queries and changes come back empty, and deleting by UUID deletes nothing of alice's")
    func isolation() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let alice = try await harness.person("alice"), bob = try await harness.person("bob")
        let sent = Fixtures.all()
        #expect(try await harness.send("POST", "/v1/samples", token: alice, json: try Fixtures.batch(sent)).status == 200)
        for type in Fixtures.types {
            let query = try await harness.send("GET", "/v1/samples?type=\(type)", token: bob)
            #expect(query.status == 200 && (query.json["samples"] as? [Any])?.isEmpty == true, "\(type): \(query.text.prefix(300))")
            let changes = try await harness.send("GET", "/v1/changes?type=\(type)", token: bob)
            #expect(changes.status == 200 && (changes.json["samples"] as? [Any])?.isEmpty == true, "\(type): \(changes.text.prefix(300))")
        }
        for sample in sent {
            let deleted = try await harness.send("DELETE", "/v1/samples?type=\(sample.type)&uuid=\(sample.uuid!)", token: bob)
            #expect(deleted.status == 200 && deleted.json["deleted"] as? Int == 0, "\(sample.type): \(deleted.text)")
        }
        #expect(try await SampleKindAPITests.read(harness, token: alice).count == sent.count)
    }
}
