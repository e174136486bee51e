import Foundation
import HealthUnits

/// HKUnit strings.
enum UnitTargets {
    /// `HKUnit.checked(from:)` on the input as text; a unit it accepts must survive `unitString` unchanged.
    static let unitString = FuzzTarget(name: "units") { data in
        guard let unit = try? HKUnit.checked(from: String(decoding: data, as: UTF8.self)) else { return }
        guard let again = try? HKUnit.checked(from: unit.unitString) else { violated("\(unit.unitString) does not parse again", data) }
        if again != unit { violated("\(unit.unitString) parses to \(again.unitString)", data) }
    }
}
