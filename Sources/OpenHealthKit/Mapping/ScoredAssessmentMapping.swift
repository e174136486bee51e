import Foundation
import HealthDatabase
import HealthKitModel

/// `HKGAD7Assessment` and `HKPHQ9Assessment` as stored records: kind `other`, type
/// `HKScoredAssessmentTypeIdentifierGAD7` / `…PHQ9`, payload `{"answers": [0, 2, 1, ...], "score": 9}` (answers as
/// HealthKit's raw values, in question order), and the score as the searchable field ``FieldKey/assessmentScore``.
enum ScoredAssessmentMapping {
    private struct Payload: Codable {
        var answers: [Int]
        var score: Int
    }

    /// Whether records of `type` hold scored assessments.
    static func holds(_ type: String) -> Bool {
        type == HKScoredAssessmentTypeIdentifier.GAD7.rawValue || type == HKScoredAssessmentTypeIdentifier.PHQ9.rawValue
    }

    /// Puts `assessment`'s answers and score into `record`.
    static func fill(_ record: inout SampleRecord, from assessment: HKScoredAssessment) throws(HKError) {
        record.payload = try PayloadCoding.encode(Payload(answers: assessment.answerValues, score: assessment.score))
        record.fields[FieldKey.assessmentScore] = .number(Double(assessment.score))
    }

    /// The assessment `record` holds; `common` are its shared parts.
    static func assessment(from record: SampleRecord, _ common: CommonParts) throws(HKError) -> HKScoredAssessment {
        let payload = try PayloadCoding.decode(Payload.self, from: record)
        let identifier = HKScoredAssessmentTypeIdentifier(rawValue: record.type)
        let concrete: HKScoredAssessment.Type = identifier == .GAD7 ? HKGAD7Assessment.self : HKPHQ9Assessment.self
        return concrete.init(type: identifier, date: common.start, answerValues: payload.answers, score: payload.score,
                             uuid: common.uuid, sourceRevision: common.revision, device: common.device, metadata: common.metadata)
    }
}
