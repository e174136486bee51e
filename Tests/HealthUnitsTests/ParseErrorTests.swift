import Testing
import HealthUnits

/// Bad unit strings give errors naming the problem, fragment and offset.
@Suite("Unit string errors")
struct ParseErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let input: String
        let reason: UnitParseError.Reason
        let fragment: String
        let offset: Int
        var description: String { input }
    }

    static let cases: [Case] = [
        Case(input: "mg/xyz", reason: .unknownUnit, fragment: "xyz", offset: 3),
        Case(input: "xyz", reason: .unknownUnit, fragment: "xyz", offset: 0),
        Case(input: "mg/dL\u{00B7}xyz", reason: .unknownUnit, fragment: "xyz", offset: 6),
        Case(input: " kg", reason: .unknownUnit, fragment: " kg", offset: 0),
        Case(input: "g<180>", reason: .unknownUnit, fragment: "g<180>", offset: 0),
        Case(input: "ml/(kg*min", reason: .unbalancedParenthesis, fragment: "(", offset: 3),
        Case(input: "kg)", reason: .unbalancedParenthesis, fragment: ")", offset: 2),
        Case(input: "((kg)", reason: .unbalancedParenthesis, fragment: "(", offset: 0),
        Case(input: "ml/kg/min", reason: .secondDivision, fragment: "/", offset: 5),
        Case(input: "(kg/m)/s", reason: .secondDivision, fragment: "/", offset: 6),
        Case(input: "m^2.5", reason: .nonIntegerPower, fragment: "2.5", offset: 2),
        Case(input: "((m^100)^100)", reason: .nonIntegerPower, fragment: "100", offset: 9),
        Case(input: "m^1001", reason: .nonIntegerPower, fragment: "1001", offset: 2),
        Case(input: "m^x", reason: .nonIntegerPower, fragment: "x", offset: 2),
        Case(input: "m^", reason: .nonIntegerPower, fragment: "", offset: 2),
        Case(input: "kg/", reason: .missingUnit, fragment: "", offset: 3),
        Case(input: "kg..m", reason: .missingUnit, fragment: ".", offset: 3),
        Case(input: "/s", reason: .missingUnit, fragment: "/", offset: 0),
        Case(input: "mol", reason: .invalidMolarMass, fragment: "mol", offset: 0),
        Case(input: "mol<abc>", reason: .invalidMolarMass, fragment: "abc", offset: 4),
        Case(input: "mmol<-1>/L", reason: .invalidMolarMass, fragment: "-1", offset: 5),
        Case(input: "mol<180", reason: .invalidMolarMass, fragment: "<180", offset: 3),
        Case(input: "kcal(m)", reason: .unexpectedCharacter, fragment: "(", offset: 4),
        Case(input: "m^2^3", reason: .unexpectedCharacter, fragment: "^", offset: 3),
    ]

    @Test("checked(from:) reports reason, fragment and offset", arguments: cases)
    func reports(_ expected: Case) {
        #expect(throws: UnitParseError(reason: expected.reason, input: expected.input,
                                    fragment: expected.fragment, offset: expected.offset)) {
            try HKUnit.checked(from: expected.input)
        }
    }

    @Test("error descriptions name the problem and where")
    func descriptions() {
        func message(_ input: String) -> String {
            do {
                _ = try HKUnit.checked(from: input)
                return ""
            } catch {
                return error.description
            }
        }
        #expect(message("mg/xyz") == "unknown unit \"xyz\" at offset 3 in \"mg/xyz\"")
        #expect(message("ml/(kg*min").hasPrefix("unbalanced parenthesis at offset 3"))
        #expect(message("ml/kg/min").hasPrefix("second \"/\" at offset 5"))
        #expect(message("m^2.5").hasPrefix("power must be an integer at offset 2"))
    }

    @Test("incompatible conversions throw from the checked twins")
    func incompatible() {
        let steps = HKQuantity(unit: .count(), doubleValue: 1)
        #expect(throws: UnitParseError(reason: .incompatibleUnits, input: "count", fragment: "kg", offset: nil)) {
            try steps.checkedDoubleValue(for: .gramUnit(with: .kilo))
        }
        #expect(UnitParseError(reason: .incompatibleUnits, input: "count", fragment: "kg", offset: nil).description
            == "incompatible units: count and kg")
        #expect(throws: UnitParseError.self) {
            try steps.checkedCompare(HKQuantity(unit: .meter(), doubleValue: 1))
        }
    }

    static let incompatiblePairs: [(String, String)] = [
        ("count", "kg"), ("IU", "mg"), ("dBHL", "dBASPL"), ("D", "1/m"), ("pD", "D"), ("lx", "count"),
        ("appleEffortScore", "count"), ("deg", "count"), ("degC", "J"), ("L", "m^2"), ("Hz", "s"),
        ("mmol<180.15588000005408>/L", "mmol<180.15588000005408>"), ("dBASPL", "dBASPL/s"), ("S", "V"),
    ]

    @Test("units of different dimensions are incompatible", arguments: incompatiblePairs)
    func incompatiblePair(_ pair: (String, String)) throws {
        let quantity = try HKQuantity(unit: .checked(from: pair.0), doubleValue: 1)
        #expect(!quantity.is(compatibleWith: HKUnit(from: pair.1)))
        #expect(throws: UnitParseError.self) { try quantity.checkedDoubleValue(for: HKUnit(from: pair.1)) }
    }
}

/// Found by the `units` fuzz target (Fuzz/, docs/Fuzzing.md): powers that each stay within range but add up beyond it
/// made a unit whose `unitString` (`1/s^1557·g^179·kg^179`) did not parse again.
@Suite("Unit strings found by fuzzing")
struct FuzzFoundUnitTests {
    @Test func powersThatAddUpBeyondTheRangeAreRefused() {
        #expect(throws: UnitParseError(reason: .powerOutOfRange, input: "kg^-179.s^-779.g^-179.s^-779.s", fragment: "s", offset: nil)) {
            try HKUnit.checked(from: "kg^-179.s^-779.g^-179.s^-779.s")
        }
        #expect(throws: UnitParseError.self) { try HKUnit.checked(from: "m^600/m^-600") }
        // Within range after merging: accepted, and its string parses back to the same unit.
        let unit = try? HKUnit.checked(from: "s^-779.s^779.s^1000")
        #expect(unit?.unitString == "s^1000")
        #expect(unit.flatMap { try? HKUnit.checked(from: $0.unitString) } == unit)
    }
}

/// Found by the `units` fuzz target: 895 nested parentheses overflowed the stack of the recursive parser.
@Suite("Unit nesting found by fuzzing")
struct FuzzFoundNestingTests {
    @Test func deepParenthesesAreRefusedNotRecursedInto() {
        let deep = String(repeating: "(", count: 100_000) + "kg" + String(repeating: ")", count: 100_000)
        #expect(throws: UnitParseError(reason: .nestingTooDeep, input: deep, fragment: "(", offset: 32)) { try HKUnit.checked(from: deep) }
        let fine = String(repeating: "(", count: 32) + "kg" + String(repeating: ")", count: 32)
        #expect((try? HKUnit.checked(from: fine))?.unitString == "kg")
    }
}
