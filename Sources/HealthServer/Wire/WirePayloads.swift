public import Foundation

/// The bounds the API holds a sample's payload to: more points than these in one sample is refused with a 400 naming
/// the field (the request body's size limit bounds the batch as a whole).
public enum WirePayloadLimits {
    /// The most voltage measurements, route locations or heartbeats one sample may carry: HealthKit's heartbeat series
    /// limit (``HKHeartbeatSeriesBuilder/maximumCount``), a 28-hour route at one point a second, six 30-second ECGs at 512 Hz.
    public static let maximumPoints = 100_000
    /// The most bytes a CDA document may have.
    public static let maximumDocumentBytes = 8 << 20
    /// The largest ECG voltage accepted, in volts either way (an ECG's are millivolts).
    public static let maximumVolts = 1.0
    /// The audiogram sensitivities (and clamping bounds) accepted, in `dBHL`: wider than audiometers measure (-10 to
    /// 120 dB HL for air conduction), so no real test is refused; -10 dBHL, hearing better than the reference, is valid.
    public static let hearingLevels: ClosedRange<Double> = -20...150
    /// The highest audiogram frequency accepted, in hertz: the top of human hearing (extended high-frequency
    /// audiometry tests up to 16–20 kHz).
    public static let maximumHertz = 20_000.0
}

/// An electrocardiogram's own fields (`HKElectrocardiogram`). On a save `voltageMeasurements` are required; on a read
/// they are left out, and `GET /v1/electrocardiograms/voltages` (HealthKit's `HKElectrocardiogramQuery`) gives them.
public struct WireElectrocardiogram: Codable, Sendable, Hashable {
    /// `HKElectrocardiogram.Classification`'s raw value (1 sinus rhythm, 2 atrial fibrillation, …).
    public var classification: Int
    /// `HKElectrocardiogram.SymptomsStatus`'s raw value (0 not set, 1 none, 2 present).
    public var symptomsStatus: Int
    /// The average heart rate, in a unit of count/min.
    public var averageHeartRate: WireQuantity?
    /// How often the voltage was sampled, in a unit of hertz.
    public var samplingFrequency: WireQuantity?
    /// How many measurements the ECG holds; on a save, when given, it must equal the measurements sent.
    public var numberOfVoltageMeasurements: Int?
    /// The measurements (saves only).
    public var voltageMeasurements: [WireVoltageMeasurement]?

    /// Creates the fields.
    public init(classification: Int, symptomsStatus: Int, averageHeartRate: WireQuantity? = nil, samplingFrequency: WireQuantity? = nil,
                numberOfVoltageMeasurements: Int? = nil, voltageMeasurements: [WireVoltageMeasurement]? = nil) {
        self.classification = classification
        self.symptomsStatus = symptomsStatus
        self.averageHeartRate = averageHeartRate
        self.samplingFrequency = samplingFrequency
        self.numberOfVoltageMeasurements = numberOfVoltageMeasurements
        self.voltageMeasurements = voltageMeasurements
    }
}

/// One voltage measurement (`HKElectrocardiogram.VoltageMeasurement`): seconds since the ECG's start and the
/// voltage of its lead, in volts.
public struct WireVoltageMeasurement: Codable, Sendable, Hashable {
    /// Seconds since the ECG's start date.
    public var timeSinceSampleStart: Double
    /// The voltage of `HKElectrocardiogram.Lead.appleWatchSimilarToLeadI`, in volts; absent when not recorded.
    public var appleWatchSimilarToLeadI: Double?

    /// Creates a measurement.
    public init(timeSinceSampleStart: Double, appleWatchSimilarToLeadI: Double?) {
        self.timeSinceSampleStart = timeSinceSampleStart
        self.appleWatchSimilarToLeadI = appleWatchSimilarToLeadI
    }
}

/// A workout route's own fields (`HKWorkoutRoute`). On a save, `workout` (the route's workout: saved before or in the
/// same batch) and `locations` are required; on a read only `count` is given, and `GET /v1/routes/locations`
/// (HealthKit's `HKWorkoutRouteQuery`) gives the locations.
public struct WireRoute: Codable, Sendable, Hashable {
    /// The UUID of the workout the route belongs to (saves only).
    public var workout: UUID?
    /// How many locations the route holds (`HKSeriesSample.count`); on a save, when given, it must equal the locations sent.
    public var count: Int?
    /// The locations (saves only), in any order: the route keeps them in time order.
    public var locations: [WireLocation]?

    /// Creates the fields.
    public init(workout: UUID? = nil, count: Int? = nil, locations: [WireLocation]? = nil) {
        self.workout = workout
        self.count = count
        self.locations = locations
    }
}

/// One route location (what `CLLocation` carries). Negative accuracies, course or speed mean "not known".
public struct WireLocation: Codable, Sendable, Hashable {
    /// Degrees north, -90 to 90.
    public var latitude: Double
    /// Degrees east, -180 to 180.
    public var longitude: Double
    /// Metres above sea level (0 when absent).
    public var altitude: Double?
    /// When the location was recorded: within the route's start and end.
    public var timestamp: Date
    /// Horizontal accuracy in metres (-1 when absent).
    public var horizontalAccuracy: Double?
    /// Vertical accuracy in metres (-1 when absent).
    public var verticalAccuracy: Double?
    /// Direction of travel, degrees from true north below 360 (-1 when absent).
    public var course: Double?
    /// Speed in metres per second (-1 when absent).
    public var speed: Double?

    /// Creates a location.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil, timestamp: Date, horizontalAccuracy: Double? = nil,
                verticalAccuracy: Double? = nil, course: Double? = nil, speed: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.timestamp = timestamp
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
    }
}

/// A heartbeat series' own fields (`HKHeartbeatSeriesSample`). On a save `heartbeats` are required; on a read only
/// `count` is given, and `GET /v1/heartbeats` (HealthKit's `HKHeartbeatSeriesQuery`) gives the beats.
public struct WireHeartbeatSeries: Codable, Sendable, Hashable {
    /// How many beats the series holds; on a save, when given, it must equal the beats sent.
    public var count: Int?
    /// The beats (saves only), in time order.
    public var heartbeats: [WireHeartbeat]?

    /// Creates the fields.
    public init(count: Int? = nil, heartbeats: [WireHeartbeat]? = nil) {
        self.count = count
        self.heartbeats = heartbeats
    }
}

/// One heartbeat: seconds since the series' start, and whether beats may be missing just before it.
public struct WireHeartbeat: Codable, Sendable, Hashable {
    /// Seconds since the series' start date.
    public var timeSinceSeriesStart: Double
    /// Whether data collection had a gap just before this beat.
    public var precededByGap: Bool

    /// Creates a beat.
    public init(timeSinceSeriesStart: Double, precededByGap: Bool) {
        self.timeSinceSeriesStart = timeSinceSeriesStart
        self.precededByGap = precededByGap
    }
}

/// A CDA document's fields (`HKCDADocument`). On a save only `documentData` is read (the four names come from the
/// XML, as `HKCDADocumentSample(data:start:end:metadata:)` reads them); on a read the names are given, and the data
/// when asked for (`GET /v1/documents?includeDocumentData=true`, HealthKit's `HKDocumentQuery`).
public struct WireDocument: Codable, Sendable, Hashable {
    /// The CDA XML, base64 in JSON.
    public var documentData: Data?
    /// The document's title.
    public var title: String?
    /// The patient's name.
    public var patientName: String?
    /// The author's name.
    public var authorName: String?
    /// The custodian's name.
    public var custodianName: String?

    /// Creates the fields.
    public init(documentData: Data? = nil, title: String? = nil, patientName: String? = nil, authorName: String? = nil,
                custodianName: String? = nil) {
        self.documentData = documentData
        self.title = title
        self.patientName = patientName
        self.authorName = authorName
        self.custodianName = custodianName
    }
}
