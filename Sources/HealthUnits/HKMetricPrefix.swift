/// A metric (SI) prefix that scales a prefixable HealthKit unit, such as the `k` in `kg`.
///
/// The raw values match HealthKit's `HKMetricPrefix` exactly (femto was appended last, in iOS 13).
public enum HKMetricPrefix: Int, Sendable, CaseIterable {
    /// No prefix (factor 1).
    case none = 0
    /// `p`, 10⁻¹².
    case pico = 1
    /// `n`, 10⁻⁹.
    case nano = 2
    /// `mc`, 10⁻⁶ (HealthKit writes micro as `mc`, as in `mcg`).
    case micro = 3
    /// `m`, 10⁻³.
    case milli = 4
    /// `c`, 10⁻².
    case centi = 5
    /// `d`, 10⁻¹.
    case deci = 6
    /// `da`, 10¹.
    case deca = 7
    /// `h`, 10².
    case hecto = 8
    /// `k`, 10³.
    case kilo = 9
    /// `M`, 10⁶.
    case mega = 10
    /// `G`, 10⁹.
    case giga = 11
    /// `T`, 10¹².
    case tera = 12
    /// `f`, 10⁻¹⁵.
    case femto = 13
}

extension HKMetricPrefix {
    /// The symbol written in unit strings (`""` for ``none``).
    var symbol: String {
        switch self {
        case .none: ""
        case .pico: "p"
        case .nano: "n"
        case .micro: "mc"
        case .milli: "m"
        case .centi: "c"
        case .deci: "d"
        case .deca: "da"
        case .hecto: "h"
        case .kilo: "k"
        case .mega: "M"
        case .giga: "G"
        case .tera: "T"
        case .femto: "f"
        }
    }

    /// The power of ten the prefix multiplies by (`-3` for milli). Scales keep it as an exponent, never as the
    /// inexact double `0.001`, so prefixed forms of a unit convert exactly.
    var decimalExponent: Int {
        switch self {
        case .none: 0
        case .pico: -12
        case .nano: -9
        case .micro: -6
        case .milli: -3
        case .centi: -2
        case .deci: -1
        case .deca: 1
        case .hecto: 2
        case .kilo: 3
        case .mega: 6
        case .giga: 9
        case .tera: 12
        case .femto: -15
        }
    }

    /// The prefix a unit-string symbol starts with, longest symbols first so `mc` and `da` win over `m` and `d`.
    /// `µ` (U+00B5) and `μ` (U+03BC) are accepted as micro on input; output always uses `mc`.
    static let parseTable: [(symbol: String, prefix: HKMetricPrefix)] = {
        let named = allCases.filter { $0 != .none }.map { ($0.symbol, $0) }
        let micro = [("\u{00B5}", HKMetricPrefix.micro), ("\u{03BC}", HKMetricPrefix.micro)]
        return (named + micro).sorted { $0.0.count > $1.0.count }
    }()
}
