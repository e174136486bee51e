public import Foundation
public import HealthKitModel

/// Reads verifiable clinical records of some credential and source types (iOS 15.4); see ``HKVerifiableClinicalRecordQuery``.
public struct HKVerifiableClinicalRecordQueryDescriptor: HKAsyncQuery, @unchecked Sendable {
    /// The credential types asked for.
    public var recordTypes: [HKVerifiableClinicalRecordCredentialType]
    /// The record formats asked for; empty for any.
    public var sourceTypes: [HKVerifiableClinicalRecordSourceType]
    /// A further filter, e.g. `HKQuery.predicateForVerifiableClinicalRecords(withRelevantDateWithin:)`.
    public var predicate: NSPredicate?

    /// Creates a descriptor.
    public init(recordTypes: [HKVerifiableClinicalRecordCredentialType], sourceTypes: [HKVerifiableClinicalRecordSourceType],
                predicate: NSPredicate? = nil) {
        self.recordTypes = recordTypes
        self.sourceTypes = sourceTypes
        self.predicate = predicate
    }

    /// The matching records, oldest relevant date first.
    public func result(for healthStore: HKHealthStore) async throws -> [HKVerifiableClinicalRecord] {
        let box = DeliveryBox<[HKVerifiableClinicalRecord]>()
        let query = HKVerifiableClinicalRecordQuery(recordTypes: recordTypes.map(\.rawValue), sourceTypes: sourceTypes,
                                                    predicate: predicate) { _, records, error in
            box.deliver(records.map { .success($0) } ?? .failure(error ?? HKError(.unknownError, "no records")))
        }
        return try await healthStore.run(query, box)
    }
}
