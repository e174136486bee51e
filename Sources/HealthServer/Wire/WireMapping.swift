import Foundation
import HealthDatabase
import HealthKitModel
import HealthUnits
import OpenHealthKit

/// HealthKit objects to their JSON form and back: what the API writes and reads.
///
/// Reading a `WireSample` validates it as HealthKit's initialisers do (their throwing twins), keeps the client's UUID,
/// and throws `HKError(.errorInvalidArgument)` naming the field and the sample's position on anything wrong.
enum WireMapping {
    // MARK: Objects to JSON

    /// The JSON form of `sample`.
    static func wire(_ sample: HKSample) -> WireSample {
        var wire = WireSample(uuid: sample.uuid, type: sample.sampleType.identifier, startDate: sample.startDate, endDate: sample.endDate)
        wire.device = sample.device.map(wireDevice)
        wire.metadata = metadata(sample.metadata)
        wire.source = source(sample.sourceRevision)
        switch sample {
        case let quantity as HKQuantitySample:
            wire.quantity = self.quantity(quantity.quantity)
        case let category as HKCategorySample:
            wire.value = category.value
        case let correlation as HKCorrelation:
            wire.objects = correlation.objects.sorted { $0.startDate < $1.startDate || ($0.startDate == $1.startDate && $0.uuid.uuidString < $1.uuid.uuidString) }
                .map { self.wire($0) }
        case let workout as HKWorkout:
            wire.workout = self.workout(workout)
        case let record as HKClinicalRecord:
            let resource = record.fhirResource
            wire.clinical = WireClinicalRecord(
                displayName: record.displayName, resourceType: resource?.resourceType.rawValue, identifier: resource?.identifier,
                fhirVersion: resource?.fhirVersion.stringRepresentation, sourceURL: resource?.sourceURL?.absoluteString,
                resource: resource.flatMap { WireJSON.parse($0.data) })
        default:
            if !payload(sample, into: &wire) { wire.summary = sample.description }
        }
        return wire
    }

    private static func workout(_ workout: HKWorkout) -> WireWorkout {
        let energy = workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()
        let events = workout.workoutEvents?.map { event in
            WireWorkoutEvent(type: event.type.rawValue, startDate: event.dateInterval.start, endDate: event.dateInterval.end,
                             metadata: metadata(event.metadata))
        }
        return WireWorkout(activityType: workout.workoutActivityType.rawValue, duration: workout.duration,
                           totalEnergyBurned: energy.map(quantity), totalDistance: workout.totalDistance.map(quantity),
                           events: events)
    }

    static func quantity(_ quantity: HKQuantity) -> WireQuantity {
        WireQuantity(value: quantity.originalValue, unit: quantity.originalUnit.unitString)
    }

    private static func wireDevice(_ device: HKDevice) -> WireDevice {
        WireDevice(name: device.name, manufacturer: device.manufacturer, model: device.model,
                   hardwareVersion: device.hardwareVersion, firmwareVersion: device.firmwareVersion,
                   softwareVersion: device.softwareVersion, localIdentifier: device.localIdentifier,
                   udiDeviceIdentifier: device.udiDeviceIdentifier)
    }

    /// The source revision a sync client gives (its operating system version as `major.minor.patch`).
    static func revision(_ wire: WireSource) -> HKSourceRevision {
        let numbers = (wire.operatingSystemVersion ?? "").split(separator: ".").map { Int($0) ?? 0 } + [0, 0, 0]
        return HKSourceRevision(source: HKSource(name: wire.name, bundleIdentifier: wire.bundleIdentifier), version: wire.version,
                                productType: wire.productType,
                                operatingSystemVersion: OperatingSystemVersion(majorVersion: numbers[0], minorVersion: numbers[1], patchVersion: numbers[2]))
    }

    private static func source(_ revision: HKSourceRevision) -> WireSource {
        let os = revision.operatingSystemVersion
        let version = "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)"
        return WireSource(name: revision.source.name, bundleIdentifier: revision.source.bundleIdentifier,
                          version: revision.version, productType: revision.productType,
                          operatingSystemVersion: version == "0.0.0" ? nil : version)
    }

    /// Metadata in JSON form, through the same typed values the store keeps (booleans stay booleans).
    static func metadata(_ metadata: [String: Any]?) -> [String: WireMetadataValue]? {
        guard let metadata, !metadata.isEmpty else { return nil }
        var wire: [String: WireMetadataValue] = [:]
        for (key, value) in metadata {
            switch MetadataMapping.fieldValue(for: value) {
            case .text(let text): wire[key] = .string(text)
            case .number(let number): wire[key] = .number(number)
            case .bool(let flag): wire[key] = .bool(flag)
            case .date(let date): wire[key] = .date(date)
            case .quantity(_, let text):
                if let quantity = try? MetadataMapping.quantity(fromText: text, key: key) { wire[key] = .quantity(self.quantity(quantity)) }
            case nil: continue
            }
        }
        return wire
    }

    // MARK: JSON to objects

    /// The sample `wire` describes, validated, with `revision` as its source (nil: the store stamps its app's);
    /// `place` names it in errors (`samples[3]`).
    static func sample(_ wire: WireSample, place: String, revision: HKSourceRevision? = nil) throws(HKError) -> HKSample {
        do {
            return try build(wire, place: place, revision: revision)
        } catch {
            // HealthKit's own checks say what is wrong; the place says which sample.
            let message = error.localizedDescription
            throw message.hasPrefix(place) ? error : HKError(error.code, "\(place): \(message)")
        }
    }

    private static func build(_ wire: WireSample, place: String, revision: HKSourceRevision?) throws(HKError) -> HKSample {
        guard let type = HKObjectType.type(named: wire.type) as? HKSampleType else {
            throw HKError.invalidArgument("\(place).type: \"\(wire.type)\" is not a sample type HealthKit knows")
        }
        try requireOwnPayload(wire, type: type, place: place)
        let metadata = try self.metadata(wire.metadata, place: place)
        let device = wire.device.map(device)
        let uuid = wire.uuid ?? ObjectUUID.make()
        switch type {
        case let quantityType as HKQuantityType:
            guard let value = wire.quantity else { throw HKError.invalidArgument("\(place).quantity is required for \(type.identifier)") }
            let quantity = try self.quantity(value, place: "\(place).quantity")
            guard quantity.is(compatibleWith: quantityType.canonicalUnit) else {
                throw HKError.invalidArgument("\(place).quantity: unit \(value.unit) does not fit \(type.identifier)")
            }
            let checked = try HKQuantitySample.checked(type: quantityType, quantity: quantity, start: wire.startDate, end: wire.endDate,
                                                       device: device, metadata: metadata)
            return HKQuantitySample.make(type: quantityType, quantity: quantity, count: 1, start: checked.startDate, end: checked.endDate,
                                         uuid: uuid, sourceRevision: revision, device: device, metadata: checked.metadata)
        case let categoryType as HKCategoryType:
            guard let value = wire.value else { throw HKError.invalidArgument("\(place).value is required for \(type.identifier)") }
            let checked = try HKCategorySample.checked(type: categoryType, value: value, start: wire.startDate, end: wire.endDate,
                                                       device: device, metadata: metadata)
            return HKCategorySample(type: categoryType, value: value, start: checked.startDate, end: checked.endDate,
                                    uuid: uuid, sourceRevision: revision, device: device, metadata: checked.metadata)
        case let correlationType as HKCorrelationType:
            guard let members = wire.objects, !members.isEmpty else {
                throw HKError.invalidArgument("\(place).objects is required for \(type.identifier)")
            }
            var objects: Set<HKSample> = []
            for (index, member) in members.enumerated() {
                objects.insert(try sample(member, place: "\(place).objects[\(index)]", revision: revision))
            }
            let checked = try HKCorrelation.checked(type: correlationType, start: wire.startDate, end: wire.endDate, objects: objects,
                                                    device: device, metadata: metadata)
            return HKCorrelation(type: correlationType, start: checked.startDate, end: checked.endDate, objects: objects,
                                 uuid: uuid, sourceRevision: revision, device: device, metadata: checked.metadata)
        case is HKWorkoutType:
            guard let part = wire.workout else { throw HKError.invalidArgument("\(place).workout is required for workouts") }
            return try workout(part, wire, uuid: uuid, revision: revision, device: device, metadata: metadata, place: place)
        default:
            let header = Header(uuid: uuid, start: wire.startDate, end: wire.endDate, revision: revision, device: device, metadata: metadata, place: place)
            if let sample = try payloadSample(wire, type: type, header: header) { return sample }
            throw HKError.invalidArgument("\(place).type: saving \(type.identifier) over the API is not supported: clinical records come "
                + "from healthcare institutions, and health cards through /v1/health-cards/import")
        }
    }

    private static func workout(_ part: WireWorkout, _ wire: WireSample, uuid: UUID, revision: HKSourceRevision?, device: HKDevice?,
                                metadata: [String: Any]?, place: String) throws(HKError) -> HKWorkout {
        guard let activity = HKWorkoutActivityType(rawValue: part.activityType) else {
            throw HKError.invalidArgument("\(place).workout.activityType: \(part.activityType) is not an HKWorkoutActivityType")
        }
        var events: [HKWorkoutEvent] = []
        for (index, event) in (part.events ?? []).enumerated() {
            let eventPlace = "\(place).workout.events[\(index)]"
            guard let type = HKWorkoutEventType(rawValue: event.type) else {
                throw HKError.invalidArgument("\(eventPlace).type: \(event.type) is not an HKWorkoutEventType")
            }
            guard event.endDate >= event.startDate else { throw HKError.invalidArgument("\(eventPlace): endDate is before startDate") }
            events.append(try HKWorkoutEvent.checked(type: type, dateInterval: DateInterval(start: event.startDate, end: event.endDate),
                                                     metadata: try self.metadata(event.metadata, place: eventPlace)))
        }
        let energy = try part.totalEnergyBurned.map { value throws(HKError) in try quantity(value, place: "\(place).workout.totalEnergyBurned") }
        let distance = try part.totalDistance.map { value throws(HKError) in try quantity(value, place: "\(place).workout.totalDistance") }
        let statistics = WorkoutTotals.statistics(activity: activity, start: wire.startDate, end: wire.endDate,
                                                  energy: energy, distance: distance, strokes: nil, flights: nil)
        let checked = try HKWorkout.checked(activityType: activity, start: wire.startDate, end: wire.endDate, workoutEvents: events,
                                            duration: part.duration, statistics: statistics, device: device, metadata: metadata)
        return HKWorkout(activityType: activity, start: checked.startDate, end: checked.endDate, events: events, activities: [],
                         duration: part.duration, statistics: statistics, uuid: uuid, sourceRevision: revision, device: device,
                         metadata: checked.metadata)
    }

    static func quantity(_ wire: WireQuantity, place: String) throws(HKError) -> HKQuantity {
        guard wire.value.isFinite else { throw HKError.invalidArgument("\(place).value must be a finite number") }
        do {
            return HKQuantity(unit: try HKUnit.checked(from: wire.unit), doubleValue: wire.value)
        } catch {
            throw HKError.invalidArgument("\(place).unit: \"\(wire.unit)\" is not a unit: \(error)")
        }
    }

    private static func device(_ wire: WireDevice) -> HKDevice {
        HKDevice(name: wire.name, manufacturer: wire.manufacturer, model: wire.model, hardwareVersion: wire.hardwareVersion,
                 firmwareVersion: wire.firmwareVersion, softwareVersion: wire.softwareVersion,
                 localIdentifier: wire.localIdentifier, udiDeviceIdentifier: wire.udiDeviceIdentifier)
    }

    /// Metadata from its JSON form, through the store's typed values (numbers that are whole become integers).
    private static func metadata(_ wire: [String: WireMetadataValue]?, place: String) throws(HKError) -> [String: Any]? {
        guard let wire, !wire.isEmpty else { return nil }
        var metadata: [String: Any] = [:]
        for (key, value) in wire {
            switch value {
            case .string(let text): metadata[key] = text
            case .bool(let flag): metadata[key] = flag
            case .date(let date): metadata[key] = date
            case .number(let number):
                guard number.isFinite else { throw HKError.invalidArgument("\(place).metadata.\(key) must be a finite number") }
                metadata[key] = try MetadataMapping.value(for: .number(number), key: key)
            case .quantity(let quantity): metadata[key] = try self.quantity(quantity, place: "\(place).metadata.\(key)")
            }
        }
        return metadata
    }
}
