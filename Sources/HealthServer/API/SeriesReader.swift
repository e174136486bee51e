import Foundation
import HealthKitModel
import HealthLocking
import OpenHealthKit
#if canImport(CoreLocation)
import CoreLocation
#endif

/// HealthKit's series queries run to completion and awaited, as ``QueryRunner`` runs the others: a route's locations
/// (`HKWorkoutRouteQuery`), a heartbeat series' beats (`HKHeartbeatSeriesQuery`), an ECG's voltage measurements
/// (`HKElectrocardiogramQuery`) and documents with their XML (`HKDocumentQuery`).
enum SeriesReader {
    /// Collects a query's batches until its last one, then resumes once.
    private final class Collector<Item: Sendable>: @unchecked Sendable {
        private let items = Locked<[Item]>([])
        private let continuation: CheckedContinuation<[Item], any Error>

        init(_ continuation: CheckedContinuation<[Item], any Error>) {
            self.continuation = continuation
        }

        /// Adds `batch`; on `error` or when `done`, resumes the waiting task.
        func take(_ batch: [Item], done: Bool, error: (any Error)?) {
            if let error { return continuation.resume(throwing: error) }
            let all = items.withLock { items in
                items += batch
                return items
            }
            if done { continuation.resume(returning: all) }
        }
    }

    /// The locations of `route` (within `interval` when given).
    static func locations(_ store: HKHealthStore, route: HKWorkoutRoute, interval: DateInterval?) async throws -> [CLLocation] {
        try await withCheckedThrowingContinuation { continuation in
            let collector = Collector<CLLocation>(continuation)
            let handler: HKWorkoutRouteQuery.DataHandler = { _, batch, done, error in collector.take(batch ?? [], done: done, error: error) }
            store.execute(interval.map { HKWorkoutRouteQuery(route: route, dateInterval: $0, dataHandler: handler) }
                ?? HKWorkoutRouteQuery(route: route, dataHandler: handler))
        }
    }

    /// The beats of `series`.
    static func heartbeats(_ store: HKHealthStore, series: HKHeartbeatSeriesSample) async throws -> [HKHeartbeat] {
        // A series without beats gives one call with time 0 and done, which is no beat.
        guard series.count > 0 else { return [] }
        return try await withCheckedThrowingContinuation { continuation in
            let collector = Collector<HKHeartbeat>(continuation)
            store.execute(HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
                collector.take([HKHeartbeat(timeIntervalSinceStart: time, precededByGap: gap)], done: done, error: error)
            })
        }
    }

    /// The voltage measurements of `electrocardiogram`.
    static func voltages(_ store: HKHealthStore, electrocardiogram: HKElectrocardiogram) async throws -> [HKElectrocardiogram.VoltageMeasurement] {
        try await withCheckedThrowingContinuation { continuation in
            let collector = Collector<HKElectrocardiogram.VoltageMeasurement>(continuation)
            store.execute(HKElectrocardiogramQuery(electrocardiogram) { _, result in
                switch result {
                case .measurement(let measurement): collector.take([measurement], done: false, error: nil)
                case .done: collector.take([], done: true, error: nil)
                case .error(let error): collector.take([], done: true, error: error)
                }
            })
        }
    }

    /// The CDA documents matching `predicate`, with their XML when `includeData`.
    static func documents(_ store: HKHealthStore, predicate: NSPredicate?, limit: Int, sort: [NSSortDescriptor],
                          includeData: Bool) async throws -> [HKCDADocumentSample] {
        try await withCheckedThrowingContinuation { continuation in
            let collector = Collector<HKCDADocumentSample>(continuation)
            store.execute(HKDocumentQuery(documentType: HKDocumentType(.CDA), predicate: predicate, limit: limit, sortDescriptors: sort,
                                          includeDocumentData: includeData) { _, batch, done, error in
                collector.take((batch ?? []).compactMap { $0 as? HKCDADocumentSample }, done: done, error: error)
            })
        }
    }
}
