import Foundation

extension HKStateOfMind {
    /// What a state of mind log reflects on: a moment, or a whole day (iOS 18).
    public enum Kind: Int, Sendable, CaseIterable {
        /// How one feels right now.
        case momentaryEmotion = 1
        /// How one has felt today.
        case dailyMood = 2
    }

    /// A region of pleasantness (iOS 18).
    public enum ValenceClassification: Int, Sendable, CaseIterable {
        /// Very unpleasant.
        case veryUnpleasant = 1
        /// Unpleasant.
        case unpleasant
        /// Slightly unpleasant.
        case slightlyUnpleasant
        /// Neither pleasant nor unpleasant.
        case neutral
        /// Slightly pleasant.
        case slightlyPleasant
        /// Pleasant.
        case pleasant
        /// Very pleasant.
        case veryPleasant

        /// The classification of `valence`, or `nil` outside -1...1.
        ///
        /// HealthKit does not publish its boundaries; OpenHealthKit splits -1...1 into seven equal bands of 2/7, the
        /// neutral band (-1/7...1/7) closed on both ends and the others closed on the side away from neutral.
        public init?(valence: Double) {
            guard valence.isFinite, (-1...1).contains(valence) else { return nil }
            let band = 1.0 / 7
            switch valence {
            case ..<(-5 * band): self = .veryUnpleasant
            case ..<(-3 * band): self = .unpleasant
            case ..<(-band): self = .slightlyUnpleasant
            case ...band: self = .neutral
            case ...(3 * band): self = .slightlyPleasant
            case ...(5 * band): self = .pleasant
            default: self = .veryPleasant
            }
        }
    }

    /// A word describing a feeling (iOS 18), with HealthKit's raw values.
    public enum Label: Int, Sendable, CaseIterable {
        /// Amazed.
        case amazed = 1
        /// The other labels, in HealthKit's order (`amused` = 2 … `satisfied` = 38).
        case amused, angry, anxious, ashamed, brave, calm, content, disappointed, discouraged, disgusted, embarrassed,
             excited, frustrated, grateful, guilty, happy, hopeless, irritated, jealous, joyful, lonely, passionate,
             peaceful, proud, relieved, sad, scared, stressed, surprised, worried, annoyed, confident, drained, hopeful,
             indifferent, overwhelmed, satisfied
    }

    /// A part of life a feeling is associated with (iOS 18), with HealthKit's raw values.
    public enum Association: Int, Sendable, CaseIterable {
        /// Community.
        case community = 1
        /// The other associations, in HealthKit's order (`currentEvents` = 2 … `weather` = 18).
        case currentEvents, dating, education, family, fitness, friends, health, hobbies, identity, money, partner,
             selfCare, spirituality, tasks, travel, work, weather
    }
}
