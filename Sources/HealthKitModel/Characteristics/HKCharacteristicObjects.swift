public import Foundation

/// The shared behaviour of HealthKit's characteristic wrapper objects: equality, hash and description
/// follow the wrapped value.
protocol CharacteristicWrapper: NSObject {
    associatedtype Value: RawRepresentable & CharacteristicExportValue where Value.RawValue == Int
    /// The wrapped characteristic value.
    var wrappedCharacteristic: Value { get }
}

extension CharacteristicWrapper {
    /// Whether `object` is the same wrapper type holding the same value.
    func wrapperEquals(_ object: Any?) -> Bool {
        (object as? Self)?.wrappedCharacteristic == wrappedCharacteristic
    }

    /// `<HKBloodTypeObject: HKBloodTypeABPositive>`.
    var wrapperDescription: String { "<\(Self.self): \(wrappedCharacteristic.exportString)>" }
}

/// The user's biological sex, as `HKHealthStore.biologicalSex()` returns it.
open class HKBiologicalSexObject: NSObject, NSCopying, CharacteristicWrapper, @unchecked Sendable {
    /// The biological sex.
    public let biologicalSex: HKBiologicalSex
    var wrappedCharacteristic: HKBiologicalSex { biologicalSex }
    /// Wraps a value (OpenHealthKit extension; HealthKit's store creates these objects).
    public init(biologicalSex: HKBiologicalSex) { self.biologicalSex = biologicalSex }
    /// An object with the biological sex not set, as `init()` gives on Apple platforms (test doubles return one).
    public override convenience init() { self.init(biologicalSex: .notSet) }
    /// Equal when the wrapped values are equal.
    public override func isEqual(_ object: Any?) -> Bool { wrapperEquals(object) }
    /// Hash of the wrapped value.
    public override var hash: Int { biologicalSex.hashValue }
    /// `<HKBiologicalSexObject: HKBiologicalSexFemale>`.
    public override var description: String { wrapperDescription }
    /// Returns `self`: the object is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The user's blood type, as `HKHealthStore.bloodType()` returns it.
open class HKBloodTypeObject: NSObject, NSCopying, CharacteristicWrapper, @unchecked Sendable {
    /// The blood type.
    public let bloodType: HKBloodType
    var wrappedCharacteristic: HKBloodType { bloodType }
    /// Wraps a value (OpenHealthKit extension; HealthKit's store creates these objects).
    public init(bloodType: HKBloodType) { self.bloodType = bloodType }
    /// An object with the blood type not set, as `init()` gives on Apple platforms (test doubles return one).
    public override convenience init() { self.init(bloodType: .notSet) }
    /// Equal when the wrapped values are equal.
    public override func isEqual(_ object: Any?) -> Bool { wrapperEquals(object) }
    /// Hash of the wrapped value.
    public override var hash: Int { bloodType.hashValue }
    /// `<HKBloodTypeObject: HKBloodTypeABPositive>`.
    public override var description: String { wrapperDescription }
    /// Returns `self`: the object is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The user's Fitzpatrick skin type, as `HKHealthStore.fitzpatrickSkinType()` returns it.
open class HKFitzpatrickSkinTypeObject: NSObject, NSCopying, CharacteristicWrapper, @unchecked Sendable {
    /// The skin type.
    public let skinType: HKFitzpatrickSkinType
    var wrappedCharacteristic: HKFitzpatrickSkinType { skinType }
    /// Wraps a value (OpenHealthKit extension; HealthKit's store creates these objects).
    public init(skinType: HKFitzpatrickSkinType) { self.skinType = skinType }
    /// An object with the skin type not set, as `init()` gives on Apple platforms (test doubles return one).
    public override convenience init() { self.init(skinType: .notSet) }
    /// Equal when the wrapped values are equal.
    public override func isEqual(_ object: Any?) -> Bool { wrapperEquals(object) }
    /// Hash of the wrapped value.
    public override var hash: Int { skinType.hashValue }
    /// `<HKFitzpatrickSkinTypeObject: HKFitzpatrickSkinTypeIII>`.
    public override var description: String { wrapperDescription }
    /// Returns `self`: the object is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Whether the user uses a wheelchair, as `HKHealthStore.wheelchairUse()` returns it.
open class HKWheelchairUseObject: NSObject, NSCopying, CharacteristicWrapper, @unchecked Sendable {
    /// The wheelchair use.
    public let wheelchairUse: HKWheelchairUse
    var wrappedCharacteristic: HKWheelchairUse { wheelchairUse }
    /// Wraps a value (OpenHealthKit extension; HealthKit's store creates these objects).
    public init(wheelchairUse: HKWheelchairUse) { self.wheelchairUse = wheelchairUse }
    /// An object with wheelchair use not set, as `init()` gives on Apple platforms (test doubles return one).
    public override convenience init() { self.init(wheelchairUse: .notSet) }
    /// Equal when the wrapped values are equal.
    public override func isEqual(_ object: Any?) -> Bool { wrapperEquals(object) }
    /// Hash of the wrapped value.
    public override var hash: Int { wheelchairUse.hashValue }
    /// `<HKWheelchairUseObject: HKWheelchairUseNo>`.
    public override var description: String { wrapperDescription }
    /// Returns `self`: the object is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// The user's Activity move mode, as `HKHealthStore.activityMoveMode()` returns it.
open class HKActivityMoveModeObject: NSObject, NSCopying, CharacteristicWrapper, @unchecked Sendable {
    /// The move mode.
    public let activityMoveMode: HKActivityMoveMode
    var wrappedCharacteristic: HKActivityMoveMode { activityMoveMode }
    /// Wraps a value (OpenHealthKit extension; HealthKit's store creates these objects).
    public init(activityMoveMode: HKActivityMoveMode) { self.activityMoveMode = activityMoveMode }
    /// An object with the move mode energy (HealthKit's default), as `init()` gives on Apple platforms (test doubles return one).
    public override convenience init() { self.init(activityMoveMode: .activeEnergy) }
    /// Equal when the wrapped values are equal.
    public override func isEqual(_ object: Any?) -> Bool { wrapperEquals(object) }
    /// Hash of the wrapped value.
    public override var hash: Int { activityMoveMode.hashValue }
    /// `<HKActivityMoveModeObject: HKActivityMoveModeActiveEnergy>`.
    public override var description: String { wrapperDescription }
    /// Returns `self`: the object is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
