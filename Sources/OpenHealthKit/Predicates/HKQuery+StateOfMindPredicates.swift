import Foundation
import HealthDatabase
import HealthKitModel

// HealthKit's predicates for state of mind logs (iOS 18), filtering the fields ``StateOfMindMapping`` stores.
extension HKQuery {
    /// Logs whose valence compares to `valence` by `operatorType`.
    public class func predicateForStatesOfMind(withValence valence: Double, operatorType: ComparisonOperator) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.stateOfMindValence, Comparison(operatorType), .number(valence)))
    }

    /// Logs of `kind`.
    public class func predicateForStatesOfMind(with kind: HKStateOfMind.Kind) -> NSPredicate {
        SampleFilterPredicate(.field(FieldKey.stateOfMindKind, .equal, .number(Double(kind.rawValue))))
    }

    /// Logs that include `label`.
    public class func predicateForStatesOfMind(with label: HKStateOfMind.Label) -> NSPredicate {
        SampleFilterPredicate(.fieldExists(FieldKey.stateOfMindLabel(label)))
    }

    /// Logs associated with `association`.
    public class func predicateForStatesOfMind(with association: HKStateOfMind.Association) -> NSPredicate {
        SampleFilterPredicate(.fieldExists(FieldKey.stateOfMindAssociation(association)))
    }
}
