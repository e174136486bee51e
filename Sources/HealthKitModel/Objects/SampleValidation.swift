package import Foundation

/// The checks HealthKit makes when a sample is created.
///
/// Each check throws the `HKError(.errorInvalidArgument)` that a `checked` twin passes on; the
/// HealthKit-compatible initialisers run the same checks through ``trapIfInvalid(_:)`` and trap with
/// the same message, so both paths share one definition of "valid".
package enum SampleValidation {
    /// A sample must not end before it starts.
    package static func interval(start: Date, end: Date) throws(HKError) {
        guard start <= end else {
            throw HKError(.errorInvalidArgument, "startDate (\(start)) must be earlier than or equal to endDate (\(end))")
        }
    }

    /// A quantity must be convertible to its type's canonical unit.
    package static func quantity(_ quantity: HKQuantity, fits type: HKQuantityType) throws(HKError) {
        guard type.is(compatibleWith: quantity.originalUnit) else {
            throw HKError(
                .errorInvalidArgument,
                "Quantity \(quantity) is not compatible with type \(type.identifier), whose unit is \(type.canonicalUnit.unitString)"
            )
        }
    }

    /// A category value must be one that the category type's value enumeration defines.
    package static func categoryValue(_ value: Int, for type: HKCategoryType) throws(HKError) {
        let allowed = type.valueDomain.allowedValues
        guard allowed.contains(value) else {
            let list = allowed.sorted().map(String.init).joined(separator: ", ")
            throw HKError(.errorInvalidArgument, "Value \(value) is not valid for \(type.identifier); valid values: \(list)")
        }
    }

    /// Metadata values must be strings, numbers, dates or quantities, and sync keys come in pairs.
    package static func metadata(_ metadata: [String: Any]?) throws(HKError) {
        try MetadataValidation.validate(metadata)
    }

    /// The interval and metadata checks every sample shares.
    package static func sample(start: Date, end: Date, metadata: [String: Any]?) throws(HKError) {
        try interval(start: start, end: end)
        try self.metadata(metadata)
    }
}

/// Runs `check` and traps, as HealthKit raises `NSInvalidArgumentException`, if it throws.
package func trapIfInvalid(_ check: () throws(HKError) -> Void) {
    do {
        try check()
    } catch {
        raiseInvalidArgument(error.localizedDescription)
    }
}
