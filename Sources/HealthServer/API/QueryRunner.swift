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

    /// The collection an `HKStatisticsCollectionQuery` hands its initial results handler.
    static func collection(_ store: HKHealthStore, query: HKStatisticsCollectionQuery) async throws -> HKStatisticsCollection {
        try await withCheckedThrowingContinuation { continuation in
            query.initialResultsHandler = { _, collection, error in
                if let collection { continuation.resume(returning: collection) } else {
                    continuation.resume(throwing: error ?? HKError(.errorNoData, "No data available for the specified predicate."))
                }
            }
            store.execute(query)
        }
    }

    /// The statistics an `HKStatisticsQuery` returns; nil when no sample matches (HealthKit's `errorNoData`).
    static func statistics(_ store: HKHealthStore, type: HKQuantityType, predicate: NSPredicate?,
                           options: HKStatisticsOptions) async throws -> HKStatistics? {
        try await withCheckedThrowingContinuation { continuation in
            do {
                let query = try HKStatisticsQuery.checked(quantityType: type, quantitySamplePredicate: predicate, options: options) { _, statistics, error in
                    if let error = error as? HKError, error.code == .errorNoData {
                        continuation.resume(returning: nil)
                    } else if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: statistics)
                    }
                }
                store.execute(query)
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}
