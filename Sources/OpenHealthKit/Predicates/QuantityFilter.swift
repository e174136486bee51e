import Foundation
package import HealthDatabase
import HealthKitModel

/// How a quantity comparison becomes a storage filter without knowing the sample type.
///
/// Records keep quantities in their type's canonical unit, and `HKQuery.predicateForQuantitySamples(with:quantity:)`
/// does not know the type. The filter therefore lists, for every canonical unit the quantity converts to,
/// the quantity types with that unit and the value in it:
/// `or([and([types(T₁), quantity(op, q in u₁)]), and([types(T₂), quantity(op, q in u₂)]), …])`.
/// That is exact for every type (temperatures included, offsets and all), types of another dimension never
/// match (as HealthKit, which compares only compatible quantities), and the engine runs it as
/// `type IN (…) AND quantity op ?` without knowing units. When a query names its type the engine's planner
/// discards the other branches.
package enum QuantityFilter {
    /// The filter for "quantity `comparison` `quantity`" over every compatible quantity type.
    package static func filter(_ comparison: Comparison, _ quantity: HKQuantity) -> SampleFilter {
        let branches = groups(compatibleWith: quantity.originalUnit).map { unit, types -> SampleFilter in
            .and([.types(types), .quantity(comparison, quantity.doubleValue(for: unit))])
        }
        switch branches.count {
        case 0: return .none
        case 1: return branches[0]
        default: return .or(branches)
        }
    }

    /// Quantity type identifiers grouped by canonical unit, for the types whose unit `unit` converts to;
    /// groups in order of their unit string, so equal quantities give equal filters.
    static func groups(compatibleWith unit: HKUnit) -> [(HKUnit, Set<String>)] {
        var byUnit: [String: (HKUnit, Set<String>)] = [:]
        for type in HKObjectType.allQuantityTypes where type.is(compatibleWith: unit) {
            byUnit[type.canonicalUnitString, default: (type.canonicalUnit, [])].1.insert(type.identifier)
        }
        return byUnit.keys.sorted().compactMap { byUnit[$0] }
    }
}
