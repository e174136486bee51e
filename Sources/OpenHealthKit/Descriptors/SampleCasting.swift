import HealthKitModel
import Foundation

extension Array where Element == HKSample {
    /// The samples as `Sample`s, for the descriptors' typed results (those not of that class left out).
    ///
    /// A query reads only its predicates' types, so normally every sample is a `Sample`: after a class check per
    /// sample the array is reused as it is. A per-element `as? Sample` runs unspecialized in the generic descriptors
    /// (their callers are in other modules) and looked up generic metadata for every sample: about 0.1 s of reading
    /// 1,000,000 changes through `HKAnchoredObjectQueryDescriptor`.
    func typed<Sample: HKSample>(as _: Sample.Type) -> [Sample] {
        let target: AnyClass = Sample.self
        guard allSatisfy({ $0.isKind(of: target) }) else { return compactMap { $0 as? Sample } }
        return unsafeBitCast(self, to: [Sample].self)  // arrays of class references share one layout
    }
}
