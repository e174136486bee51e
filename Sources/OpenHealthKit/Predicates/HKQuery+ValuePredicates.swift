import Foundation
import HealthDatabase
import HealthKitModel

// HealthKit's predicates on quantity and category sample values.
extension HKQuery {
    /// Quantity samples whose quantity compares to `quantity` (the right-hand side) by `operatorType`.
    /// Works without knowing the sample type: see ``QuantityFilter``.
    public class func predicateForQuantitySamples(with operatorType: ComparisonOperator, quantity: HKQuantity) -> NSPredicate {
        SampleFilterPredicate(QuantityFilter.filter(Comparison(operatorType), quantity))
    }

    /// Category samples whose value compares to `value` by `operatorType`.
    public class func predicateForCategorySamples(with operatorType: ComparisonOperator, value: Int) -> NSPredicate {
        SampleFilterPredicate(.categoryValue(Comparison(operatorType), value))
    }
}

/// A category value enumeration that makes predicates on category samples (HealthKit, iOS 16).
public protocol HKCategoryValuePredicateProviding: Hashable, RawRepresentable where RawValue == Int {}

extension HKCategoryValuePredicateProviding {
    /// Category samples whose value compares to `value` by `operatorType`.
    public static func predicateForSamples(_ operatorType: ComparisonOperator, value: Self) -> NSPredicate {
        HKQuery.predicateForCategorySamples(with: operatorType, value: value.rawValue)
    }

    /// Category samples whose value is one of `values`.
    public static func predicateForSamples(equalTo values: Set<Self>) -> NSPredicate {
        SampleFilterPredicate(.categoryValues(Set(values.map(\.rawValue))))
    }
}

extension HKCategoryValue: HKCategoryValuePredicateProviding {}
extension HKCategoryValueAppleStandHour: HKCategoryValuePredicateProviding {}
extension HKCategoryValueSleepAnalysis: HKCategoryValuePredicateProviding {}
extension HKCategoryValueEnvironmentalAudioExposureEvent: HKCategoryValuePredicateProviding {}
extension HKCategoryValueHeadphoneAudioExposureEvent: HKCategoryValuePredicateProviding {}
extension HKCategoryValueLowCardioFitnessEvent: HKCategoryValuePredicateProviding {}
extension HKCategoryValueAppleWalkingSteadinessEvent: HKCategoryValuePredicateProviding {}
extension HKCategoryValueSeverity: HKCategoryValuePredicateProviding {}
extension HKCategoryValueAppetiteChanges: HKCategoryValuePredicateProviding {}
extension HKCategoryValuePresence: HKCategoryValuePredicateProviding {}
extension HKCategoryValueCervicalMucusQuality: HKCategoryValuePredicateProviding {}
extension HKCategoryValueVaginalBleeding: HKCategoryValuePredicateProviding {}
extension HKCategoryValueOvulationTestResult: HKCategoryValuePredicateProviding {}
extension HKCategoryValuePregnancyTestResult: HKCategoryValuePredicateProviding {}
extension HKCategoryValueProgesteroneTestResult: HKCategoryValuePredicateProviding {}
extension HKCategoryValueContraceptive: HKCategoryValuePredicateProviding {}
@available(*, deprecated, message: "HealthKit deprecates this enumeration")
extension HKCategoryValueMenstrualFlow: HKCategoryValuePredicateProviding {}
@available(*, deprecated, message: "HealthKit deprecates this enumeration")
extension HKCategoryValueAudioExposureEvent: HKCategoryValuePredicateProviding {}
