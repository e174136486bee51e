import Foundation
import HealthDatabase
import HealthKitModel

// HealthKit's comparison factories take `NSComparisonPredicate.Operator`. swift-corelibs-foundation marks
// NSComparisonPredicate deprecated, so every spelling of the type warns. The alias below reaches the type
// through a protocol witness declared in a deprecated context, which keeps our build free of those warnings;
// the alias is the very same type, so callers pass `.lessThan` or `NSComparisonPredicate.Operator.lessThan`.

/// Carries `NSComparisonPredicate.Operator` to ``ComparisonOperator`` (OpenHealthKit internals).
@_documentation(visibility: internal)
public protocol _ComparisonOperatorCarrier { associatedtype Operator }

/// The carrier whose witness is `NSComparisonPredicate.Operator` (OpenHealthKit internals).
@_documentation(visibility: internal)
public enum _ComparisonOperatorWitness: _ComparisonOperatorCarrier {
    /// `NSComparisonPredicate.Operator`, named in a deprecated context so it does not warn.
    @available(*, deprecated, message: "OpenHealthKit internals")
    public typealias Operator = NSComparisonPredicate.Operator
}

/// The carrier's operator type.
@_documentation(visibility: internal)
public typealias _OperatorOf<Carrier: _ComparisonOperatorCarrier> = Carrier.Operator

/// `NSComparisonPredicate.Operator`, the operator type of HealthKit's comparison predicates
/// (OpenHealthKit extension: the same type under a name that does not warn on Linux).
public typealias ComparisonOperator = _OperatorOf<_ComparisonOperatorWitness>

extension Comparison {
    /// The storage comparison for a HealthKit operator; traps like HealthKit (NSInvalidArgumentException)
    /// for operators other than <, <=, ==, !=, >, >=.
    package init(_ operatorType: ComparisonOperator) {
        switch operatorType {
        case .lessThan: self = .lessThan
        case .lessThanOrEqualTo: self = .lessThanOrEqual
        case .equalTo: self = .equal
        case .notEqualTo: self = .notEqual
        case .greaterThan: self = .greaterThan
        case .greaterThanOrEqualTo: self = .greaterThanOrEqual
        default: raiseUnsupported("Unsupported operator type \(operatorType) for a HealthKit comparison predicate")
        }
    }
}

/// Traps with HealthKit's exception name, for programmer errors in predicate factories.
package func raiseUnsupported(_ message: String) -> Never {
    trapIfInvalid { () throws(HKError) in throw HKError(.errorInvalidArgument, message) }
    fatalError(message)
}
