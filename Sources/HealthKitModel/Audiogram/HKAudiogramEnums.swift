import Foundation

/// How sound reached the ear in one audiogram test (iOS 18.1).
public enum HKAudiogramConductionType: Int, Sendable, Hashable, CaseIterable {
    /// Air conduction: sound played through headphones or a speaker.
    case air = 0
}

/// The ear one audiogram test measured (iOS 18.1).
public enum HKAudiogramSensitivityTestSide: Int, Sendable, Hashable, CaseIterable {
    /// The left ear.
    case left = 0
    /// The right ear.
    case right = 1
}
