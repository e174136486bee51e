import Foundation
public import HealthKitModel

/// Reads an ECG's voltage measurements as an asynchronous sequence, in time order (iOS 15.4).
///
/// `results(for:)` runs an ``HKElectrocardiogramQuery``; the sequence ends after the last measurement and fails with
/// the query's error (`HKError(.errorNoData)` for an ECG that is no longer stored or not readable).
public struct HKElectrocardiogramQueryDescriptor: HKAsyncSequenceQuery, @unchecked Sendable {
    /// The ECG whose measurements are read.
    public var electrocardiogram: HKElectrocardiogram

    /// Creates a descriptor for `electrocardiogram`.
    public init(_ electrocardiogram: HKElectrocardiogram) {
        self.electrocardiogram = electrocardiogram
    }

    /// The measurements, one element each.
    public func results(for healthStore: HKHealthStore) -> Results {
        let electrocardiogram = electrocardiogram
        return Results(store: healthStore) { continuation in
            HKElectrocardiogramQuery(electrocardiogram) { _, result in
                switch result {
                case .measurement(let measurement): continuation.yield(measurement)
                case .done: continuation.finish()
                case .error(let error): continuation.finish(throwing: error)
                }
            }
        }
    }

    /// The sequence `results(for:)` returns: the voltage measurements.
    public typealias Results = QueryResultSequence<HKElectrocardiogram.VoltageMeasurement>
}
