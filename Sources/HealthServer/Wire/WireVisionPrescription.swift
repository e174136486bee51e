public import Foundation

/// A vision prescription's own fields (`HKVisionPrescription`, `HKGlassesPrescription`, `HKContactsPrescription`).
///
/// The sample's `startDate` is the date issued and its `endDate` the expiration date (equal to `startDate`: none).
/// Without eyes and brand it is an image-only prescription (`HKVisionPrescription(type:…)`); with them, glasses or
/// contacts by `prescriptionType`.
public struct WireVisionPrescription: Codable, Sendable, Hashable {
    /// `HKVisionPrescriptionType`'s raw value: 1 glasses, 2 contacts.
    public var prescriptionType: UInt
    /// The right eye's lens.
    public var rightEye: WireLensSpecification?
    /// The left eye's lens.
    public var leftEye: WireLensSpecification?
    /// The contact lens brand (contacts only; required with lenses).
    public var brand: String?

    /// Creates the fields.
    public init(prescriptionType: UInt, rightEye: WireLensSpecification? = nil, leftEye: WireLensSpecification? = nil, brand: String? = nil) {
        self.prescriptionType = prescriptionType
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.brand = brand
    }
}

/// One eye's lens (`HKGlassesLensSpecification` or `HKContactsLensSpecification`): the four values every lens has,
/// then the glasses' or the contacts' own (a value of the other kind is refused).
public struct WireLensSpecification: Codable, Sendable, Hashable {
    /// The spherical correction, in diopters (`D`).
    public var sphere: WireQuantity
    /// The cylindrical (astigmatism) strength, in diopters.
    public var cylinder: WireQuantity?
    /// The orientation of the cylinder, an angle from 0 to 180 degrees (`deg`).
    public var axis: WireQuantity?
    /// The added power for reading, in diopters.
    public var addPower: WireQuantity?
    /// Glasses: the distance from the lens to the eye (a length, more than 0).
    public var vertexDistance: WireQuantity?
    /// Glasses: the prism correction.
    public var prism: WirePrism?
    /// Glasses: the distance between the pupils looking far (a length, more than 0).
    public var farPupillaryDistance: WireQuantity?
    /// Glasses: the distance between the pupils reading (a length, more than 0).
    public var nearPupillaryDistance: WireQuantity?
    /// Contacts: the curvature of the lens's back (a length, more than 0).
    public var baseCurve: WireQuantity?
    /// Contacts: the lens's width (a length, more than 0).
    public var diameter: WireQuantity?

    /// Creates a lens with its sphere; set the other values as needed.
    public init(sphere: WireQuantity) {
        self.sphere = sphere
    }
}

/// A glasses lens's prism (`HKVisionPrism`): given as `amount` and `angle`, or as the vertical and horizontal
/// components with their bases; reads give both. When both are sent they must agree.
public struct WirePrism: Codable, Sendable, Hashable {
    /// The strength, in prism diopters (`prismDiopter`), not negative.
    public var amount: WireQuantity?
    /// The direction of the base, from 0 to below 360 degrees.
    public var angle: WireQuantity?
    /// The vertical component, in prism diopters.
    public var verticalAmount: WireQuantity?
    /// `HKPrismBase`'s raw value for the vertical component: 0 none, 1 up, 2 down.
    public var verticalBase: Int?
    /// The horizontal component, in prism diopters.
    public var horizontalAmount: WireQuantity?
    /// `HKPrismBase`'s raw value for the horizontal component: 0 none, 3 in, 4 out.
    public var horizontalBase: Int?
    /// `HKVisionEye`'s raw value (1 left, 2 right); the lens's own eye when absent, and it must be that eye.
    public var eye: Int?

    /// Creates a prism from amount and angle.
    public init(amount: WireQuantity? = nil, angle: WireQuantity? = nil, eye: Int? = nil) {
        self.amount = amount
        self.angle = angle
        self.eye = eye
    }
}
