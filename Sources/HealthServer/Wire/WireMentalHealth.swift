public import Foundation

/// A state of mind's own fields (`HKStateOfMind`, iOS 18). The sample is logged at one moment: its `startDate` and
/// `endDate` are the same date, as `HKStateOfMind(date:…)` makes them.
public struct WireStateOfMind: Codable, Sendable, Hashable {
    /// `HKStateOfMind.Kind`'s raw value: 1 momentary emotion, 2 daily mood.
    public var kind: Int
    /// How pleasant the feeling was, from -1 (very unpleasant) to 1 (very pleasant).
    public var valence: Double
    /// `HKStateOfMind.Label` raw values (1 amazed … 38 satisfied).
    public var labels: [Int]?
    /// `HKStateOfMind.Association` raw values (1 community … 18 weather).
    public var associations: [Int]?
    /// `HKStateOfMind.ValenceClassification`'s raw value (1 very unpleasant … 7 very pleasant), computed from the
    /// valence; on a save, when given, it must be the one the valence has.
    public var valenceClassification: Int?

    /// Creates the fields.
    public init(kind: Int, valence: Double, labels: [Int]? = nil, associations: [Int]? = nil, valenceClassification: Int? = nil) {
        self.kind = kind
        self.valence = valence
        self.labels = labels
        self.associations = associations
        self.valenceClassification = valenceClassification
    }
}

/// A scored assessment's own fields (`HKGAD7Assessment`, `HKPHQ9Assessment`, iOS 18): the sample's type says which.
/// It is taken at one moment: `startDate` and `endDate` are the same date.
public struct WireScoredAssessment: Codable, Sendable, Hashable {
    /// The answers' raw values in question order: seven for the GAD-7, nine for the PHQ-9 (0 not at all, 1 several
    /// days, 2 more than half the days, 3 nearly every day; for the PHQ-9's ninth question also 4, prefer not to answer).
    public var answers: [Int]
    /// The score, computed from the answers; on a save, when given, it must be theirs.
    public var score: Int?
    /// The risk's raw value (`HKGAD7Assessment.Risk`, `HKPHQ9Assessment.Risk`), computed from the score; on a save,
    /// when given, it must be the score's.
    public var risk: Int?

    /// Creates the fields.
    public init(answers: [Int], score: Int? = nil, risk: Int? = nil) {
        self.answers = answers
        self.score = score
        self.risk = risk
    }
}
