public import Foundation

/// Stored records to move under a parent record as part of a save (HealthKit's "adding samples to a workout",
/// "relating a workout effort sample"), or out from under their parent (unrelating it).
///
/// Each member that is not already the parent's child (with no parent: that has a parent) gets the parent and takes
/// a new change position, as if it were saved again with the same UUID: anchored reads after an older anchor report
/// it once more as saved, and change monitors see the store move. A member already where it should be is left as
/// it is.
public struct SampleAssociation: Sendable, Hashable {
    /// The record the members move under, stored already or saved in the same call; nil moves them out from under
    /// their parents, to the top level.
    public var parent: UUID?
    /// The stored records to move, in order; repeated UUIDs count once.
    public var members: [UUID]

    /// Creates an association (with a nil `parent`, a detachment).
    public init(parent: UUID?, members: [UUID]) {
        self.parent = parent
        self.members = members
    }
}
