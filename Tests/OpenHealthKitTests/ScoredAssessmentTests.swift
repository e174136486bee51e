import Foundation
import HealthDatabase
import HealthDatabaseSQLite
import OpenHealthKit
import Testing

@Suite("Scored assessments: HKGAD7Assessment and HKPHQ9Assessment, scores, risk bands, storage")
struct ScoredAssessmentTests {
    typealias F = StoreFixture
    static let day = Date(timeIntervalSince1970: 1_726_000_000)
    static let gad7 = HKScoredAssessmentType(.GAD7)
    static let phq9 = HKScoredAssessmentType(.PHQ9)

    @Test("scores are the sum of the answers; risk follows the published bands; bad answer lists are rejected")
    func scoresAndRisk() throws {
        let gad = HKGAD7Assessment(date: Self.day, answers: [.severalDays, .notAtAll, .nearlyEveryDay, .moreThanHalfTheDays,
                                                              .severalDays, .notAtAll, .severalDays])
        #expect(gad.score == 8 && gad.risk == .mild && gad.answers.count == 7 && gad.sampleType == Self.gad7)
        let severe = HKGAD7Assessment(date: Self.day, answers: Array(repeating: .nearlyEveryDay, count: 7))
        #expect(severe.score == 21 && severe.risk == .severe)
        #expect(throws: HKError.self) { try HKGAD7Assessment.checked(date: Self.day, answers: [.notAtAll]) }

        var answers = Array(repeating: HKPHQ9Assessment.Answer.moreThanHalfTheDays, count: 8)
        let phq = HKPHQ9Assessment(date: Self.day, answers: answers + [.preferNotToAnswer])
        #expect(phq.score == 16 && phq.risk == .moderatelySevere && phq.answers.last == .preferNotToAnswer)
        answers[0] = .preferNotToAnswer
        #expect(throws: HKError.self) { try HKPHQ9Assessment.checked(date: Self.day, answers: answers + [.notAtAll]) }
        #expect(HKPHQ9Assessment.Risk.severe.rawValue == 5 && HKGAD7Assessment.Risk.noneToMinimal.rawValue == 1)
    }

    @Test("assessments are saved, read back from the file as their own class, found with the descriptors, archived")
    func storage() async throws {
        let path = F.temporaryDatabasePath()
        let store = try await QueryFixture.store(storage: try SQLiteHealthStorage(path: path), types: [Self.gad7, Self.phq9])
        let gad = HKGAD7Assessment(date: Self.day, answers: Array(repeating: .severalDays, count: 7), metadata: ["Clinic": "A"])
        let phq = HKPHQ9Assessment(date: Self.day, answers: Array(repeating: .notAtAll, count: 9))
        try await store.save([gad, phq])

        let reopened = try await QueryFixture.store(storage: try SQLiteHealthStorage(path: path), types: [Self.gad7, Self.phq9])
        let gads = try await HKSampleQueryDescriptor(predicates: [.gad7Assessment()], sortDescriptors: []).result(for: reopened)
        let phqs = try await HKSampleQueryDescriptor(predicates: [.phq9Assessment()], sortDescriptors: []).result(for: reopened)
        #expect(gads.map(\.uuid) == [gad.uuid] && gads.first?.score == 7 && gads.first?.risk == .mild)
        #expect(gads.first?.answers == gad.answers && gads.first?.metadata?["Clinic"] as? String == "A")
        #expect(phqs.map(\.uuid) == [phq.uuid] && phqs.first?.risk == .noneToMinimal)

        let data = try NSKeyedArchiver.archivedData(withRootObject: gad, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: HKGAD7Assessment.self, from: data))
        #expect(restored.answers == gad.answers && restored.score == 7)
    }
}
