public import Foundation

/// The floor of a building a location is on, as Core Location's `CLFloor`.
///
/// Core Location gives one only with indoor positioning, so ``CLLocation/floor`` is `nil` for the locations route code
/// makes; the class exists so that code reading `location.floor?.level` compiles, and test doubles may subclass it.
open class CLFloor: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The floor's level relative to the ground floor (0); negative below ground.
    open var level: Int { storedLevel }

    private let storedLevel: Int

    /// The ground floor (level 0).
    public override convenience init() {
        self.init(level: 0)
    }

    /// A floor at `level` (OpenHealthKit extension: Apple's class has no public initialiser with a level).
    public init(level: Int) {
        storedLevel = level
        super.init()
    }

    /// Floors archive securely.
    public static var supportsSecureCoding: Bool { true }

    private static let levelKey = "level"

    /// Archives the level.
    public func encode(with coder: NSCoder) {
        coder.encode(level, forKey: Self.levelKey)
    }

    /// Unarchives a floor.
    public required init?(coder: NSCoder) {
        storedLevel = coder.decodeInteger(forKey: Self.levelKey)
        super.init()
    }

    /// Returns `self`: floors are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Floors are equal when their levels are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? CLFloor)?.level == level
    }

    /// A hash of the level.
    public override var hash: Int { level.hashValue }
}
