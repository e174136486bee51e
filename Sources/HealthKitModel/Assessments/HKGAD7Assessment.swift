public import Foundation

/// A GAD-7 anxiety screening: seven answers, a score from 0 to 21 and its risk (HealthKit's `HKGAD7Assessment`, iOS 18).
public final class HKGAD7Assessment: HKScoredAssessment, ScoredQuestionnaire, @unchecked Sendable {
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
    }

    /// The anxiety risk the score indicates (HealthKit's raw values; the GAD-7's published bands 0–4, 5–9, 10–14, 15–21).
    public enum Risk: Int, Sendable, CaseIterable {
        /// Score 0–4.
        case noneToMinimal = 1
        /// Score 5–9.
        case mild
        /// Score 10–14.
        case moderate
        /// Score 15–21.
        case severe
    }

    package static let identifier = HKScoredAssessmentTypeIdentifier.GAD7
    package static let name = "GAD-7"
    package static let questionCount = 7
    package static func allows(_ raw: Int, at index: Int) -> Bool { Answer(rawValue: raw) != nil }
    package static func points(_ raw: Int) -> Int { raw }

    /// The answers, one per question, in order.
    public var answers: [Answer] { answerValues.compactMap(Answer.init(rawValue:)) }

    /// The risk band of ``score``.
    public var risk: Risk {
        switch score {
        case ..<5: .noneToMinimal
        case ..<10: .mild
        case ..<15: .moderate
        default: .severe
        }
    }

    /// Creates an assessment taken at `date`. Traps, as HealthKit raises, unless there are exactly seven answers;
    /// `checked(date:answers:metadata:)` throws instead.
    public convenience init(date: Date, answers: [Answer], metadata: [String: Any]? = nil) {
        self.init(validating: answers.map(\.rawValue), rules: Self.self, date: date, metadata: metadata)
    }

    /// Throwing twin of the initialiser (OpenHealthKit extension): `errorInvalidArgument` for invalid answers.
    public static func checked(date: Date, answers: [Answer], metadata: [String: Any]? = nil) throws(HKError) -> HKGAD7Assessment {
        try validated(answers.map(\.rawValue), rules: Self.self, date: date, metadata: metadata)
    }

    /// The store's initialiser (package access): no validation.
    package required init(type identifier: HKScoredAssessmentTypeIdentifier, date: Date, answerValues: [Int], score: Int, uuid: UUID,
                          sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        super.init(type: identifier, date: date, answerValues: answerValues, score: score, uuid: uuid,
                   sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// Unarchives a GAD-7 assessment.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
