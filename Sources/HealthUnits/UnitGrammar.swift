/// Parses HealthKit unit strings into factors.
///
/// Grammar (HealthKit's header: one `/`, multiplication evaluated first, integral powers):
/// ```
/// unit     := ""  |  quotient
/// quotient := product ( "/" product )?          -- at most one "/" in the whole string
/// product  := power ( ("." | "*" | "·") power )*
/// power    := primary ( "^" integer )?           -- integer may be negative: s^-2
/// primary  := "(" quotient? ")"  |  "1"  |  atom
/// atom     := prefix? symbol  |  prefix? "mol<" decimal ">"
/// ```
/// So `kg/m.s^2` ≡ `kg/(m.s^2)` ≡ `kg.m^-1.s^-2`. Offsets in errors count `Character`s from 0.
struct UnitGrammar {
    private let input: String
    private let chars: [Character]
    private var position = 0
    private var sawDivision = false
    /// How many parentheses are open where the parser stands.
    private var depth = 0

    private init(_ input: String) {
        self.input = input
        self.chars = Array(input)
    }

    /// The factors of `string` (unmerged), or the first problem found.
    static func parse(_ string: String) throws(UnitParseError) -> [UnitFactor] {
        var grammar = UnitGrammar(string)
        let factors = try grammar.parseUnit()
        // Powers written within range can add up beyond it; such a unit's unitString would not parse again.
        for factor in factors.merged() where abs(factor.exponent) > maximumPower {
            throw UnitParseError(reason: .powerOutOfRange, input: string, fragment: factor.symbol, offset: nil)
        }
        return factors
    }

    /// The largest power magnitude accepted, including powers of parenthesised powers.
    static let maximumPower = 1000
    /// The deepest parenthesis nesting accepted: the parser recurses once per level, so hostile input must not choose
    /// the stack's depth (a few hundred levels overflowed it under AddressSanitizer).
    static let maximumNesting = 32

    private static let multiplication: Set<Character> = [".", "*", "\u{00B7}"]
    private static let operators: Set<Character> = multiplication.union(["/", "^", "(", ")"])

    private var next: Character? { position < chars.count ? chars[position] : nil }

    private func error(_ reason: UnitParseError.Reason, _ fragment: String, at offset: Int) -> UnitParseError {
        UnitParseError(reason: reason, input: input, fragment: fragment, offset: offset)
    }

    private mutating func parseUnit() throws(UnitParseError) -> [UnitFactor] {
        if chars.isEmpty { return [] }
        let factors = try parseQuotient()
        guard let extra = next else { return factors }
        if extra == ")" { throw error(.unbalancedParenthesis, ")", at: position) }
        throw error(.unexpectedCharacter, String(extra), at: position)
    }

    private mutating func parseQuotient() throws(UnitParseError) -> [UnitFactor] {
        var factors = try parseProduct()
        while next == "/" {
            if sawDivision { throw error(.secondDivision, "/", at: position) }
            sawDivision = true
            position += 1
            factors += try parseProduct().map { factor in
                var inverted = factor
                inverted.exponent = -factor.exponent
                return inverted
            }
        }
        return factors
    }

    private mutating func parseProduct() throws(UnitParseError) -> [UnitFactor] {
        var factors = try parsePower()
        while let character = next, Self.multiplication.contains(character) {
            position += 1
            factors += try parsePower()
        }
        return factors
    }

    private mutating func parsePower() throws(UnitParseError) -> [UnitFactor] {
        let factors = try parsePrimary()
        guard next == "^" else { return factors }
        position += 1
        let start = position
        let power = try parseInteger()
        var raised: [UnitFactor] = []
        for var factor in factors {
            factor.exponent *= power
            guard abs(factor.exponent) <= Self.maximumPower else {
                throw error(.nonIntegerPower, String(chars[start..<position]), at: start)
            }
            raised.append(factor)
        }
        return raised
    }

    private mutating func parseInteger() throws(UnitParseError) -> Int {
        let start = position
        if next == "-" || next == "+" { position += 1 }
        while let character = next, character.isASCII, character.isNumber { position += 1 }
        let text = String(chars[start..<position])
        let decimalFollows = next == "." && position + 1 < chars.count && chars[position + 1].isNumber
        guard !decimalFollows, let power = Int(text), abs(power) <= Self.maximumPower else {
            var end = position
            while end < chars.count, !"/^()*\u{00B7}".contains(chars[end]) { end += 1 }
            throw error(.nonIntegerPower, String(chars[start..<end]), at: start)
        }
        return power
    }

    private mutating func parsePrimary() throws(UnitParseError) -> [UnitFactor] {
        guard let character = next else { throw error(.missingUnit, "", at: position) }
        if character == "(" {
            let open = position
            position += 1
            if next == ")" {
                position += 1
                return []
            }
            guard depth < Self.maximumNesting else { throw error(.nestingTooDeep, "(", at: open) }
            depth += 1
            let inner = try parseQuotient()
            guard next == ")" else { throw error(.unbalancedParenthesis, "(", at: open) }
            position += 1
            depth -= 1
            return inner
        }
        if Self.operators.contains(character) { throw error(.missingUnit, String(character), at: position) }
        let start = position
        while let character = next, !Self.operators.contains(character) {
            if character == "<" {
                guard let close = chars[position...].firstIndex(of: ">") else {
                    throw error(.invalidMolarMass, String(chars[position...]), at: position)
                }
                position = close + 1
            } else {
                position += 1
            }
        }
        return try resolve(String(chars[start..<position]), at: start)
    }

    private func resolve(_ token: String, at start: Int) throws(UnitParseError) -> [UnitFactor] {
        if token == "1" { return [] }
        let parts = token.split(separator: "<", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let (atom, prefix) = UnitCatalog.resolve(name) else { throw error(.unknownUnit, token, at: start) }
        guard parts.count == 2 else {
            if atom.isMolar { throw error(.invalidMolarMass, token, at: start) }
            return [UnitFactor(atom, prefix: prefix)]
        }
        guard atom.isMolar, parts[1].hasSuffix(">") else { throw error(.unknownUnit, token, at: start) }
        let massText = String(parts[1].dropLast())
        guard let mass = Double(massText), mass.isFinite, mass > 0 else {
            throw error(.invalidMolarMass, massText, at: start + name.count + 1)
        }
        return [UnitFactor(atom, prefix: prefix, molarMass: mass)]
    }
}
