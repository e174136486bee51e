public import Foundation

/// A sample as the HTTP API carries it, in JSON: HealthKit's fields under HealthKit's names.
///
/// Which fields a sample has depends on its kind: `quantity` for quantity samples, `value` for category samples,
/// `objects` for correlations, `workout` for workouts, and `electrocardiogram`, `route`, `heartbeatSeries`, `document`,
/// `audiogram`, `visionPrescription`, `stateOfMind` and `scoredAssessment` for those kinds. `source` is written by
/// the server on what it returns; on a save it is accepted only from the person's own access (a sync of another
/// device's data keeps its sources), never from an app, whose saves are stamped with the app itself as in HealthKit.
public struct WireSample: Codable, Sendable, Hashable {
    /// The sample's UUID: given by the client for idempotent saves (a UUID already saved by the same source is
    /// reported as already stored), made by the server when absent.
    public var uuid: UUID?
    /// The type: a HealthKit identifier (`HKQuantityTypeIdentifierStepCount`) or its short name (`stepCount`).
    public var type: String
    /// When the sample starts.
    public var startDate: Date
    /// When the sample ends.
    public var endDate: Date
    /// A quantity sample's value and unit.
    public var quantity: WireQuantity?
    /// A category sample's value (the raw value of the type's category enum).
    public var value: Int?
    /// A correlation's members (quantity and category samples).
    public var objects: [WireSample]?
    /// A workout's activity type, events and totals.
    public var workout: WireWorkout?
    /// The device that recorded the sample.
    public var device: WireDevice?
    /// Metadata, keyed by HealthKit's metadata keys (`HKMetadataKeySyncIdentifier`, …) or the app's own.
    public var metadata: [String: WireMetadataValue]?
    /// Who saved the sample, and with which version of what.
    public var source: WireSource?
    /// A clinical record's display name and FHIR resource (read only: records come from institutions).
    public var clinical: WireClinicalRecord?
    /// An electrocardiogram's classification, figures and (on a save) voltage measurements.
    public var electrocardiogram: WireElectrocardiogram?
    /// A workout route's workout and (on a save) locations.
    public var route: WireRoute?
    /// A heartbeat series' (on a save) beats.
    public var heartbeatSeries: WireHeartbeatSeries?
    /// A CDA document's data and names.
    public var document: WireDocument?
    /// An audiogram's sensitivity points and their tests.
    public var audiogram: WireAudiogram?
    /// A vision prescription's type, lenses and brand.
    public var visionPrescription: WireVisionPrescription?
    /// A state of mind's kind, valence, labels and associations.
    public var stateOfMind: WireStateOfMind?
    /// A GAD-7 or PHQ-9 assessment's answers, score and risk.
    public var scoredAssessment: WireScoredAssessment?
    /// For a kind without fields of its own above: a sentence describing the sample (read only). Ignored on saves.
    public var summary: String?

    /// Creates a sample with the fields every kind has.
    public init(uuid: UUID? = nil, type: String, startDate: Date, endDate: Date) {
        self.uuid = uuid
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
    }
}

/// A quantity: a number and a unit string as `HKUnit(from:)` reads it (`count/min`, `kcal`, `mmHg`).
public struct WireQuantity: Codable, Sendable, Hashable {
    /// The number.
    public var value: Double
    /// The unit.
    public var unit: String

    /// Creates a quantity.
    public init(value: Double, unit: String) {
        self.value = value
        self.unit = unit
    }
}

/// A workout's own fields.
public struct WireWorkout: Codable, Sendable, Hashable {
    /// `HKWorkoutActivityType`'s raw value (37 is running).
    public var activityType: UInt
    /// Active seconds; computed from pause and resume events when absent.
    public var duration: Double?
    /// Active energy burned.
    public var totalEnergyBurned: WireQuantity?
    /// Distance covered.
    public var totalDistance: WireQuantity?
    /// Events (pauses, laps, segments…), in date order.
    public var events: [WireWorkoutEvent]?

    /// Creates a workout part.
    public init(activityType: UInt, duration: Double? = nil, totalEnergyBurned: WireQuantity? = nil,
                totalDistance: WireQuantity? = nil, events: [WireWorkoutEvent]? = nil) {
        self.activityType = activityType
        self.duration = duration
        self.totalEnergyBurned = totalEnergyBurned
        self.totalDistance = totalDistance
        self.events = events
    }
}

/// A workout event.
public struct WireWorkoutEvent: Codable, Sendable, Hashable {
    /// `HKWorkoutEventType`'s raw value (1 pause, 2 resume, 3 lap, 4 marker, 5 motion paused, 6 motion resumed,
    /// 7 segment, 8 pause or resume request).
    public var type: Int
    /// When it starts.
    public var startDate: Date
    /// When it ends (laps and segments span time; other events are instants).
    public var endDate: Date
    /// Metadata.
    public var metadata: [String: WireMetadataValue]?

    /// Creates an event.
    public init(type: Int, startDate: Date, endDate: Date, metadata: [String: WireMetadataValue]? = nil) {
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.metadata = metadata
    }
}

/// A device description (`HKDevice`).
public struct WireDevice: Codable, Sendable, Hashable {
    /// The device's name.
    public var name: String?
    /// Its maker.
    public var manufacturer: String?
    /// Its model.
    public var model: String?
    /// Hardware version.
    public var hardwareVersion: String?
    /// Firmware version.
    public var firmwareVersion: String?
    /// Software version.
    public var softwareVersion: String?
    /// An identifier unique among the app's devices.
    public var localIdentifier: String?
    /// The FDA UDI device identifier.
    public var udiDeviceIdentifier: String?

    /// Creates a device description.
    public init(name: String? = nil, manufacturer: String? = nil, model: String? = nil, hardwareVersion: String? = nil,
                firmwareVersion: String? = nil, softwareVersion: String? = nil, localIdentifier: String? = nil,
                udiDeviceIdentifier: String? = nil) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
    }
}

/// Who saved a sample (`HKSourceRevision`).
public struct WireSource: Codable, Sendable, Hashable {
    /// The source's name.
    public var name: String
    /// Its bundle identifier.
    public var bundleIdentifier: String
    /// The app's version.
    public var version: String?
    /// The device model that ran it (`iPhone15,2`).
    public var productType: String?
    /// The operating system version, `major.minor.patch`.
    public var operatingSystemVersion: String?

    /// Creates a source.
    public init(name: String, bundleIdentifier: String, version: String? = nil, productType: String? = nil,
                operatingSystemVersion: String? = nil) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }
}

/// A metadata value: HealthKit's metadata holds strings, numbers, dates and quantities.
///
/// In JSON a string is a string, a number a number, a boolean a boolean; a date is `{"date": "2026-11-26T10:00:00Z"}`
/// and a quantity `{"value": 5.2, "unit": "kcal"}`.
public enum WireMetadataValue: Codable, Sendable, Hashable {
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// A boolean (stored as a number, as NSNumber does).
    case bool(Bool)
    /// A date.
    case date(Date)
    /// A quantity.
    case quantity(WireQuantity)

    private struct DateBox: Codable { var date: Date }

    /// Reads any of the shapes above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) { self = .bool(bool); return }
        if let number = try? container.decode(Double.self) { self = .number(number); return }
        if let string = try? container.decode(String.self) { self = .string(string); return }
        if let box = try? container.decode(DateBox.self) { self = .date(box.date); return }
        if let quantity = try? container.decode(WireQuantity.self) { self = .quantity(quantity); return }
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "a metadata value must be a string, number, boolean, {\"date\": …} or {\"value\": …, \"unit\": …}")
    }

    /// Writes the shape of the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .bool(let bool): try container.encode(bool)
        case .date(let date): try container.encode(DateBox(date: date))
        case .quantity(let quantity): try container.encode(quantity)
        }
    }
}
