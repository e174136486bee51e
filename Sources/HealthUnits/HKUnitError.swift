/// Why a unit string could not be parsed or two units could not be converted.
///
/// Thrown by the `checked` twins of HealthKit's trapping entry points (``HKUnit/checked(from:)``,
/// ``HKQuantity/checkedDoubleValue(for:)``, ``HKQuantity/checkedCompare(_:)``). OpenHealthKit extension,
/// not HealthKit API.
public struct UnitParseError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kind of problem.
    public enum Reason: String, Sendable, Equatable {
        /// A symbol that is no HealthKit unit (or a prefix on a unit that takes none).
        case unknownUnit
        /// A `(` without `)` or a `)` without `(`.
        case unbalancedParenthesis
        /// More than one `/` (HealthKit allows a single division).
        case secondDivision
        /// A `^` not followed by an integer from -1000 to 1000.
        case nonIntegerPower
        /// Powers of one unit that each stay within -1000...1000 but add up beyond it (`s^-800.s^-800`); the fragment is
        /// the unit's symbol.
        case powerOutOfRange
        /// Parentheses nested deeper than 32 levels.
        case nestingTooDeep
        /// An operator where a unit was expected (`kg/`, `kg..m`, `^2`).
        case missingUnit
        /// A character that cannot appear where it stands (`kg(m)`, `m^2^3`).
        case unexpectedCharacter
        /// A `mol` without a usable `<molar mass>` in grams per mole.
        case invalidMolarMass
        /// Two units whose dimensions differ.
        case incompatibleUnits
    }

    /// The kind of problem.
    public let reason: Reason
    /// The unit string being parsed; for ``Reason/incompatibleUnits`` the `unitString` of the source unit.
    public let input: String
    /// The offending part of ``input``; for ``Reason/incompatibleUnits`` the `unitString` of the target unit.
    public let fragment: String
    /// Where ``fragment`` starts in ``input``, in `Character`s from 0; `nil` for ``Reason/incompatibleUnits``.
    public let offset: Int?

    /// Creates an error; `offset` counts `Character`s from the start of `input`.
    public init(reason: Reason, input: String, fragment: String, offset: Int?) {
        self.reason = reason
        self.input = input
        self.fragment = fragment
        self.offset = offset
    }

    /// An incompatible-units error for a conversion from `from` to `to`.
    static func incompatible(_ from: HKUnit, _ to: HKUnit) -> UnitParseError {
        UnitParseError(reason: .incompatibleUnits, input: from.unitString, fragment: to.unitString, offset: nil)
    }

    /// A one-line explanation, e.g. `unknown unit "xyz" at offset 3 in "mg/xyz"`.
    public var description: String {
        let place = " at offset \(offset ?? 0) in \"\(input)\""
        switch reason {
        case .unknownUnit: return "unknown unit \"\(fragment)\"" + place
        case .unbalancedParenthesis: return "unbalanced parenthesis" + place
        case .secondDivision: return "second \"/\"" + place + " (only one \"/\" is allowed)"
        case .nonIntegerPower: return "power must be an integer" + place + " (from -1000 to 1000)"
        case .nestingTooDeep: return "parentheses nested deeper than 32 levels" + place
        case .powerOutOfRange: return "the powers of \"\(fragment)\" in \"\(input)\" add up beyond -1000...1000"
        case .missingUnit: return "expected a unit" + place
        case .unexpectedCharacter: return "unexpected \"\(fragment)\"" + place
        case .invalidMolarMass: return "invalid molar mass \"\(fragment)\"" + place
        case .incompatibleUnits: return "incompatible units: \(input) and \(fragment)"
        }
    }
}
