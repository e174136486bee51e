import Foundation

/// Whether a vision prescription is for glasses or for contact lenses (iOS 16).
public enum HKVisionPrescriptionType: UInt, Sendable, Hashable, CaseIterable {
    /// A prescription for glasses.
    case glasses = 1
    /// A prescription for contact lenses.
    case contacts = 2
}

/// The eye a prism correction applies to (iOS 16).
public enum HKVisionEye: Int, Sendable, Hashable, CaseIterable {
    /// The left eye.
    case left = 1
    /// The right eye.
    case right = 2
}

/// Where the base (thickest edge) of a prism sits on the lens (iOS 16).
public enum HKPrismBase: Int, Sendable, Hashable, CaseIterable {
    /// No prism correction.
    case none = 0
    /// Base at the top of the lens (vertical corrections only).
    case up = 1
    /// Base at the bottom of the lens (vertical corrections only).
    case down = 2
    /// Base at the inside (nose) edge of the lens (horizontal corrections only).
    case `in` = 3
    /// Base at the outside (temple) edge of the lens (horizontal corrections only).
    case out = 4
}
