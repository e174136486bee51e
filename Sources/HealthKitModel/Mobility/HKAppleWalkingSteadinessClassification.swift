public import Foundation
public import HealthUnits

/// The classification of an Apple Walking Steadiness score (`appleWalkingSteadiness`, a percentage), as HealthKit's
/// `HKAppleWalkingSteadinessClassification` (iOS 15).
///
/// The ranges are the Health app's: **OK** from 40% to 100%, **Low** from 20% up to 40%, **Very Low** from 0% up to
/// 20%. A score on a boundary belongs to the higher classification (40% is OK, 20% is Low), so each classification's
/// ``minimum`` is included and its ``maximum`` is not, except OK's 100%.
public enum HKAppleWalkingSteadinessClassification: Int, Sendable, CaseIterable {
    /// Walking steadiness within the normal range: 40% to 100%.
    case ok = 1
    /// Walking steadiness below normal: 20% up to 40%.
    case low = 2
    /// Walking steadiness far below normal: 0% up to 20%.
    case veryLow = 3

    /// The classification of `appleWalkingSteadiness`, a quantity in a unit compatible with `HKUnit.percent()`
    /// whose value lies between 0 and 1 (0% and 100%).
    ///
    /// Throws ``HKError`` with ``HKError/Code/errorInvalidArgument`` when the unit is not a fraction or the value
    /// is outside 0–100% (or not a number).
    public init(for appleWalkingSteadiness: HKQuantity) throws {
        let percent = HKUnit.percent()
        guard appleWalkingSteadiness.is(compatibleWith: percent) else {
            throw HKError.invalidArgument("Apple Walking Steadiness must be a percentage, not \(appleWalkingSteadiness)")
        }
        let value = appleWalkingSteadiness.doubleValue(for: percent)
        guard value >= 0, value <= 1 else {
            throw HKError.invalidArgument("Apple Walking Steadiness \(value * 100)% is outside 0% to 100%")
        }
        self = value >= Self.lowUpperBound ? .ok : value >= Self.veryLowUpperBound ? .low : .veryLow
    }

    /// The lowest score of the classification, as a percentage quantity (0.4, 0.2 or 0).
    public var minimum: HKQuantity {
        HKQuantity(unit: .percent(), doubleValue: bounds.lower)
    }

    /// The highest score of the classification, as a percentage quantity (1, 0.4 or 0.2); scores equal to it belong
    /// to the next higher classification, except OK's.
    public var maximum: HKQuantity {
        HKQuantity(unit: .percent(), doubleValue: bounds.upper)
    }

    private static let veryLowUpperBound = 0.2, lowUpperBound = 0.4

    private var bounds: (lower: Double, upper: Double) {
        switch self {
        case .ok: (Self.lowUpperBound, 1)
        case .low: (Self.veryLowUpperBound, Self.lowUpperBound)
        case .veryLow: (0, Self.veryLowUpperBound)
        }
    }
}

#if !canImport(ObjectiveC)
/// Foundation's pointer to an `NSError?` out-parameter, which Foundation on Linux (no Objective-C, so no
/// `AutoreleasingUnsafeMutablePointer`) does not declare: `&error` passes an `NSError?` variable, as on Apple platforms.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
#endif

/// Classifies `value` into `classificationOut`; on failure returns `false` and sets `errorOut`. HealthKit's C
/// function, as Swift sees it; ``HKAppleWalkingSteadinessClassification/init(for:)`` is the Swift form.
public func HKAppleWalkingSteadinessClassificationForQuantity(
    _ value: HKQuantity, _ classificationOut: UnsafeMutablePointer<HKAppleWalkingSteadinessClassification>,
    _ errorOut: NSErrorPointer
) -> Bool {
    do {
        classificationOut.pointee = try HKAppleWalkingSteadinessClassification(for: value)
        return true
    } catch {
        errorOut?.pointee = error as NSError
        return false
    }
}

/// The lowest score of `classification`; ``HKAppleWalkingSteadinessClassification/minimum`` is the Swift form.
public func HKAppleWalkingSteadinessMinimumQuantityForClassification(
    _ classification: HKAppleWalkingSteadinessClassification
) -> HKQuantity {
    classification.minimum
}

/// The highest score of `classification`; ``HKAppleWalkingSteadinessClassification/maximum`` is the Swift form.
public func HKAppleWalkingSteadinessMaximumQuantityForClassification(
    _ classification: HKAppleWalkingSteadinessClassification
) -> HKQuantity {
    classification.maximum
}
