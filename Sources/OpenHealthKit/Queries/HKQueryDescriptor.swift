public import Foundation

/// A sample type and a predicate: one part of a query over several types (iOS 15).
///
/// `HKSampleQuery`, `HKAnchoredObjectQuery` and `HKObserverQuery` accept several descriptors; an object
/// matches the query when it matches any of them.
open class HKQueryDescriptor: NSObject, NSCopying, @unchecked Sendable {
    /// The type of samples to match.
    public let sampleType: HKSampleType
    /// The predicate samples of the type must match (nil: every sample of the type).
    public let predicate: NSPredicate?

    /// Creates a descriptor of samples of `sampleType` matching `predicate`.
    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
        super.init()
    }

    /// Descriptors are equal when their types and predicates are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQueryDescriptor else { return false }
        return other.sampleType == sampleType && other.predicate == predicate
    }

    /// A hash of the type and predicate.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(sampleType)
        hasher.combine(predicate)
        return hasher.finalize()
    }

    /// Returns `self`: descriptors are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// `<HKQueryDescriptor type predicate>`.
    public override var description: String {
        "<HKQueryDescriptor \(sampleType.identifier) \(predicate.map { "\($0)" } ?? "nil")>"
    }
}
