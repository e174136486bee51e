import HealthDatabase

/// A comparison of one metadata value, as HealthKit evaluates it (OpenHealthKit internals).
///
/// `!=` matches every object whose value is not the one given, including objects without the key: in NSPredicate
/// a missing value is nil, and `nil != YES` holds. Apps rely on it to leave out what the person typed in by hand,
/// `NSPredicate(format: "metadata.%K != YES", HKMetadataKeyWasUserEntered)`: samples a device measured carry no such key.
/// Every other operator needs the key to be present.
enum MetadataComparison {
    /// The storage filter for `key comparison value`.
    static func filter(_ key: String, _ comparison: Comparison, _ value: FieldValue) -> SampleFilter {
        comparison == .notEqual ? .not(.field(key, .equal, value)) : .field(key, comparison, value)
    }
}
