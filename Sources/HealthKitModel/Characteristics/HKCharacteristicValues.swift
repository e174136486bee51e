import Foundation

/// The user's biological sex (a characteristic).
public enum HKBiologicalSex: Int, CaseIterable, Hashable, Sendable {
    /// Not set.
    case notSet = 0
    /// Female.
    case female = 1
    /// Male.
    case male = 2
    /// Other.
    case other = 3
}

/// The user's blood type (a characteristic).
public enum HKBloodType: Int, CaseIterable, Hashable, Sendable {
    /// Not set.
    case notSet = 0
    /// A+.
    case aPositive = 1
    /// A-.
    case aNegative = 2
    /// B+.
    case bPositive = 3
    /// B-.
    case bNegative = 4
    /// AB+.
    case abPositive = 5
    /// AB-.
    case abNegative = 6
    /// O+.
    case oPositive = 7
    /// O-.
    case oNegative = 8
}

/// The user's Fitzpatrick skin type, from I (always burns) to VI (never burns) (a characteristic).
public enum HKFitzpatrickSkinType: Int, CaseIterable, Hashable, Sendable {
    /// Not set.
    case notSet = 0
    /// Pale white skin that always burns and never tans.
    case I = 1
    /// White skin that burns easily and tans minimally.
    case II = 2
    /// White to light brown skin that burns moderately and tans uniformly.
    case III = 3
    /// Beige-olive, lightly tanned skin that burns minimally and tans moderately.
    case IV = 4
    /// Brown skin that rarely burns and tans profusely.
    case V = 5
    /// Black skin that never burns and tans profusely.
    case VI = 6
}

/// Whether the user uses a wheelchair (a characteristic).
public enum HKWheelchairUse: Int, CaseIterable, Hashable, Sendable {
    /// Not set.
    case notSet = 0
    /// The user does not use a wheelchair.
    case no = 1
    /// The user uses a wheelchair.
    case yes = 2
}

/// What the user's Activity move ring measures (a characteristic).
public enum HKActivityMoveMode: Int, CaseIterable, Hashable, Sendable {
    /// Active energy burned (kilocalories).
    case activeEnergy = 1
    /// Move time (minutes), for users who cannot track calories reliably.
    case appleMoveTime = 2
}
