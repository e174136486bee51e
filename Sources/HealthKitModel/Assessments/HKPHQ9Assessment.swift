public import Foundation

/// A PHQ-9 depression screening: nine answers, a score from 0 to 27 and its risk (HealthKit's `HKPHQ9Assessment`,
/// iOS 18). Question 9 may be answered `preferNotToAnswer`, which counts no points (OpenHealthKit's choice; HealthKit
/// does not say).
public final class HKPHQ9Assessment: HKScoredAssessment, ScoredQuestionnaire, @unchecked Sendable {
    /// How often a problem bothered the person over the last two weeks (HealthKit's raw values).
    public enum Answer: Int, Sendable, CaseIterable {
        /// Not at all (0 points).
        case notAtAll = 0
        /// Several days (1 point).
        case severalDays
        /// More than half the days (2 points).
        case moreThanHalfTheDays
        /// Nearly every day (3 points).
        case nearlyEveryDay
        /// No answer; allowed for question 9 only.
        case preferNotToAnswer
    }

    /// The depression risk the score indicates (HealthKit's raw values; the PHQ-9's published bands 0–4, 5–9, 10–14,
    /// 15–19, 20–27).
    public enum Risk: Int, Sendable, CaseIterable {
        /// Score 0–4.
        case noneToMinimal = 1
        /// Score 5–9.
        case mild
        /// Score 10–14.
        case moderate
        /// Score 15–19.
        case moderatelySevere
        /// Score 20–27.
        case severe
    }

    package static let identifier = HKScoredAssessmentTypeIdentifier.PHQ9
    package static let name = "PHQ-9"
    package static let questionCount = 9
    package static func allows(_ raw: Int, at index: Int) -> Bool {
        guard let answer = Answer(rawValue: raw) else { return false }
        return answer != .preferNotToAnswer || index == 8
    }
    package static func points(_ raw: Int) -> Int { raw == Answer.preferNotToAnswer.rawValue ? 0 : raw }

    /// The answers, one per question, in order.
    public var answers: [Answer] { answerValues.compactMap(Answer.init(rawValue:)) }

    /// The risk band of ``score``.
    public var risk: Risk {
        switch score {
        case ..<5: .noneToMinimal
        case ..<10: .mild
        case ..<15: .moderate
        case ..<20: .moderatelySevere
        default: .severe
        }
    }

    /// Creates an assessment taken at `date`. Traps, as HealthKit raises, unless there are exactly nine answers with
    /// `preferNotToAnswer` only for question 9; `checked(date:answers:metadata:)` throws instead.
    public convenience init(date: Date, answers: [Answer], metadata: [String: Any]? = nil) {
        self.init(validating: answers.map(\.rawValue), rules: Self.self, date: date, metadata: metadata)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension): `errorInvalidArgument` for invalid answers.
    public static func checked(date: Date, answers: [Answer], metadata: [String: Any]? = nil) throws(HKError) -> HKPHQ9Assessment {
        try validated(answers.map(\.rawValue), rules: Self.self, date: date, metadata: metadata)
    }

    /// The store's initialiser (package access): no validation.
    package required init(type identifier: HKScoredAssessmentTypeIdentifier, date: Date, answerValues: [Int], score: Int, uuid: UUID,
                          sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        super.init(type: identifier, date: date, answerValues: answerValues, score: score, uuid: uuid,
                   sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Unarchives a PHQ-9 assessment.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
