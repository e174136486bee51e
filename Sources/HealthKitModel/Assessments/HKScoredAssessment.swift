public import Foundation

/// A questionnaire's result: its answers and score (HealthKit's `HKScoredAssessment`, iOS 18), the base of
/// ``HKGAD7Assessment`` and ``HKPHQ9Assessment``. Its type is one of the `HKScoredAssessmentType`s.
public class HKScoredAssessment: HKSample, @unchecked Sendable {
    /// The assessment's score: the sum of its answers' points.
    public let score: Int
    /// The answers' raw values, in question order (package access: the subclasses type them).
    package let answerValues: [Int]

    /// Designated initialiser for the subclasses and the store (package access): no validation.
    package required init(type identifier: HKScoredAssessmentTypeIdentifier, date: Date, answerValues: [Int], score: Int, uuid: UUID,
                 sourceRevision: HKSourceRevision?, device: HKDevice?, metadata: [String: Any]?) {
        self.answerValues = answerValues
        self.score = score
        super.init(sampleType: HKScoredAssessmentType(identifier), startDate: date, endDate: date, uuid: uuid,
                   sourceRevision: sourceRevision, device: device, metadata: metadata)
    }

    /// An assessment of `rules`' kind from raw answers; traps, as HealthKit raises, when `rules` rejects them
    /// (package access: the subclasses' public initialisers).
    package convenience init(validating answers: [Int], rules: any ScoredQuestionnaire.Type, date: Date, metadata: [String: Any]?) {
        var score = 0
        trapIfInvalid { () throws(HKError) in score = try rules.score(answers, metadata: metadata, date: date) }
        self.init(type: rules.identifier, date: date, answerValues: answers, score: score, uuid: ObjectUUID.make(),
                  sourceRevision: nil, device: nil, metadata: metadata)
    }

    /// An assessment of `rules`' kind from raw answers, or `errorInvalidArgument` (the subclasses' `checked` twins).
    static func validated(_ answers: [Int], rules: any ScoredQuestionnaire.Type, date: Date, metadata: [String: Any]?) throws(HKError) -> Self {
        let score = try rules.score(answers, metadata: metadata, date: date)
        return Self(type: rules.identifier, date: date, answerValues: answers, score: score, uuid: ObjectUUID.make(),
                    sourceRevision: nil, device: nil, metadata: metadata)
    }

    /// Archives the assessment and its answers.
    public override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(answerValues as NSArray, forKey: "answers")
        coder.encode(score, forKey: "score")
    }

    /// Unarchives an assessment; fails when its type is not a scored assessment type.
    public required init?(coder: NSCoder) {
        guard ObjectCoding.sampleType(coder, forKey: "sampleType") is HKScoredAssessmentType else { return nil }
        answerValues = (ObjectCoding.array(coder, forKey: "answers") as [NSNumber]).map(\.intValue)
        score = coder.decodeInteger(forKey: "score")
        super.init(coder: coder)
    }
}

/// What a questionnaire needs from its answers (OpenHealthKit internals, package access for the initialisers): its
/// type, how many answers, which values each question takes and the points they count.
package protocol ScoredQuestionnaire {
    /// The assessment type.
    static var identifier: HKScoredAssessmentTypeIdentifier { get }
    /// The questionnaire's name, for messages ("GAD-7").
    static var name: String { get }
    /// The number of questions.
    static var questionCount: Int { get }
    /// Whether `raw` is a valid answer to question `index` (0-based).
    static func allows(_ raw: Int, at index: Int) -> Bool
    /// The points an answer counts for.
    static func points(_ raw: Int) -> Int
}

extension ScoredQuestionnaire {
    /// The score of `answers`, or `errorInvalidArgument` naming what is wrong with them.
    static func score(_ answers: [Int], metadata: [String: Any]?, date: Date) throws(HKError) -> Int {
        guard answers.count == questionCount else {
            throw HKError(.errorInvalidArgument, "A \(name) assessment needs exactly \(questionCount) answers, not \(answers.count)")
        }
        if let index = answers.indices.first(where: { !allows(answers[$0], at: $0) }) {
            throw HKError(.errorInvalidArgument, "Answer \(answers[index]) is not allowed for question \(index + 1) of the \(name)")
        }
        try SampleValidation.sample(start: date, end: date, metadata: metadata)
        return answers.reduce(0) { $0 + points($1) }
    }
}
