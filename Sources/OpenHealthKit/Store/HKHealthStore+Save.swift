import Foundation
import HealthDatabase

// Saving objects: what HealthKit's save methods (declared on HKHealthStore) do.
extension HKHealthStore {
    /// Validates, authorizes, stamps and stores `objects` in one transaction (package access).
    ///
    /// Returns what storage did: records stored, ignored (older sync version) and replaced.
    @discardableResult
    package func store(_ objects: [HKObject]) throws -> SaveOutcome {
        let storage = try storage()
        let records = try stampedRecords(for: objects)
        guard !records.isEmpty else { return SaveOutcome() }
        try requireSharing(try typesToShare(records), in: storage)
        let outcome = try storage.save(records)
        QueryCenter.changeCommitted()
        return outcome
    }
}
