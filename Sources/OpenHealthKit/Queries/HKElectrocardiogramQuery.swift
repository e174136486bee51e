import Foundation
import HealthDatabase
public import HealthKitModel

/// Reads an ECG's voltage measurements, one call of the handler per measurement, in time order (iOS 14).
///
/// Each measurement comes as `.measurement(_:)`; after the last one the handler gets `.done` (an ECG without
/// measurements gives `.done` alone). The app needs read access to `HKObjectType.electrocardiogramType()`; an ECG that
/// is no longer stored, or not readable, gives `.error` with `HKError(.errorNoData)`.
open class HKElectrocardiogramQuery: HKQuery, @unchecked Sendable {
    /// What one call of the data handler carries.
    public enum Result: @unchecked Sendable {
        /// One voltage measurement.
        case measurement(HKElectrocardiogram.VoltageMeasurement)
        /// Every measurement has been delivered.
        case done
        /// The query failed.
        case error(any Error)
    }

    /// The handler's signature: the query and one result.
    public typealias DataHandler = @Sendable (HKElectrocardiogramQuery, Result) -> Void

    private let electrocardiogram: HKElectrocardiogram
    private let dataHandler: DataHandler

    /// Reads the voltage measurements of `electrocardiogram`.
    public init(_ electrocardiogram: HKElectrocardiogram, dataHandler: @escaping DataHandler) {
        self.electrocardiogram = electrocardiogram
        self.dataHandler = dataHandler
        super.init(objectType: HKObjectType.electrocardiogramType(), predicate: nil)
    }

    package override func start(_ run: QueryRun) {
        guard let stored = SeriesReading.stored(electrocardiogram, for: self, on: run) else { return }
        for measurement in stored.voltageMeasurements {
            guard !run.isCancelled else { return }
            dataHandler(self, .measurement(measurement))
        }
        guard !run.isCancelled else { return }
        execution.finish()
        dataHandler(self, .done)
    }

    package override func fail(_ error: HKError) {
        execution.finish()
        dataHandler(self, .error(error))
    }
}
