import Foundation
package import HealthDatabase

// Saving objects: what HealthKit's save methods (declared on HKHealthStore) do.
extension HKHealthStore {
    /// Validates, authorizes, stamps and stores `objects` in one transaction (package access).
    ///
    /// Returns what storage did: records stored, ignored (older sync version) and replaced.
    @discardableResult
    package func store(_ objects: [HKObject]) throws -> SaveOutcome {
        var records: [SampleRecord] = []
        records.reserveCapacity(objects.count)
        for object in objects { records += try ObjectMapping.records(from: object) }
        return try writer.save(consume records, rules: .app)
    }
}
