import Foundation
import HealthKitModel
import OpenHealthKit

/// HealthKit's queries run to completion and awaited: the API answers every read through the same query classes apps
/// use, so what a token sees is exactly what that app would see on a device.
enum QueryRunner {
    /// The samples an `HKSampleQuery` returns.
    static func samples(_ store: HKHealthStore, type: HKSampleType, predicate: NSPredicate?, limit: Int,
                        sort: [NSSortDescriptor]) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort) { _, samples, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples ?? []) }
            }
            store.execute(query)
        }
    }

    /// What an `HKAnchoredObjectQuery` returns: samples, deleted objects and the new anchor.
    static func changes(_ store: HKHealthStore, descriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?,
                        limit: Int) async throws -> (samples: [HKSample], deleted: [HKDeletedObject], anchor: HKQueryAnchor?) {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: anchor, limit: limit) { _, samples, deleted, newAnchor, error in
                if let error { continuation.resume(throwing: error) } else {
                    continuation.resume(returning: (samples ?? [], deleted ?? [], newAnchor))
                }
            }
            store.execute(query)
        }
    }

    /// The sources an `HKSourceQuery` returns.
    static func sources(_ store: HKHealthStore, type: HKSampleType, predicate: NSPredicate?) async throws -> Set<HKSource> {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSourceQuery(sampleType: type, samplePredicate: predicate) { _, sources, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: sources ?? []) }
            }
            store.execute(query)
        }
    }
}
