import Foundation
import HealthKitModel
import HealthUnits
import OpenHealthKit

/// Electrocardiograms, workout routes, heartbeat series and CDA documents to their JSON form and back; the dispatch
/// for audiograms, vision prescriptions, states of mind and scored assessments too, whose own mappings are beside it.
///
/// Saving checks what HealthKit's initialisers and series builders check (a series needs a point; beats in time order
/// and not negative; measurements inside the recording), plus what makes a payload meaningful (latitudes within ±90°,
/// a count given matching the points sent, at most ``WirePayloadLimits/maximumPoints``), each refusal naming the field.
/// Reading gives each kind's own fields; the points themselves come from the series queries (``SeriesRoutes``).
extension WireMapping {
    /// Fills `wire` with the kind's own fields of `sample`; false for kinds without any here.
    static func payload(_ sample: HKSample, into wire: inout WireSample) -> Bool {
        switch sample {
        case let ecg as HKElectrocardiogram:
            wire.electrocardiogram = WireElectrocardiogram(
                classification: ecg.classification.rawValue, symptomsStatus: ecg.symptomsStatus.rawValue,
                averageHeartRate: ecg.averageHeartRate.map(quantity), samplingFrequency: ecg.samplingFrequency.map(quantity),
                numberOfVoltageMeasurements: ecg.numberOfVoltageMeasurements)
        case let route as HKWorkoutRoute: wire.route = WireRoute(count: route.count)
        case let series as HKHeartbeatSeriesSample: wire.heartbeatSeries = WireHeartbeatSeries(count: series.count)
        case let document as HKCDADocumentSample: wire.document = self.document(document, includeData: false)
        case let audiogram as HKAudiogramSample: wire.audiogram = self.audiogram(audiogram)
        case let prescription as HKVisionPrescription: wire.visionPrescription = self.visionPrescription(prescription)
        case let mind as HKStateOfMind: wire.stateOfMind = stateOfMind(mind)
        case let assessment as HKScoredAssessment: wire.scoredAssessment = scoredAssessment(assessment)
        default: return false
        }
        return true
    }

    /// A document's names, and its XML when `includeData` (and the store gave it).
    static func document(_ sample: HKCDADocumentSample, includeData: Bool) -> WireDocument {
        let document = sample.document
        return WireDocument(documentData: includeData ? document?.documentData : nil, title: document?.title,
                            patientName: document?.patientName, authorName: document?.authorName, custodianName: document?.custodianName)
    }

    /// The parts every sample shares, read before its kind's own.
    struct Header {
        var uuid: UUID
        var start: Date
        var end: Date
        var revision: HKSourceRevision?
        var device: HKDevice?
        var metadata: [String: Any]?
        /// Names the sample in errors (`samples[3]`).
        var place: String
    }

    /// Throws when `wire` carries a payload of another kind than `type`'s (an `electrocardiogram` on a step count):
    /// it would be dropped without a word.
    static func requireOwnPayload(_ wire: WireSample, type: HKSampleType, place: String) throws(HKError) {
        let given: [(String, Bool, String)] = [
            ("electrocardiogram", wire.electrocardiogram != nil, HKDataTypeIdentifierElectrocardiogram),
            ("route", wire.route != nil, HKWorkoutRouteTypeIdentifier),
            ("heartbeatSeries", wire.heartbeatSeries != nil, HKDataTypeIdentifierHeartbeatSeries),
            ("document", wire.document != nil, HKDocumentTypeIdentifier.CDA.rawValue),
            ("audiogram", wire.audiogram != nil, HKDataTypeIdentifierAudiogram),
            ("visionPrescription", wire.visionPrescription != nil, HKVisionPrescriptionTypeIdentifier),
            ("stateOfMind", wire.stateOfMind != nil, HKDataTypeIdentifierStateOfMind)]
        for (field, present, owner) in given where present && type.identifier != owner {
            throw HKError.invalidArgument("\(place).\(field) belongs to \(owner) samples, not \(type.identifier)")
        }
        if wire.scoredAssessment != nil, !(type is HKScoredAssessmentType) {
            throw HKError.invalidArgument("\(place).scoredAssessment belongs to HKScoredAssessmentTypeIdentifierGAD7 and …PHQ9 samples, "
                + "not \(type.identifier)")
        }
    }

    /// The sample of a payload kind `wire` describes, or nil when `type` is not one.
    static func payloadSample(_ wire: WireSample, type: HKSampleType, header: Header) throws(HKError) -> HKSample? {
        switch type.identifier {
        case HKDataTypeIdentifierElectrocardiogram:
            guard let part = wire.electrocardiogram else { throw HKError.invalidArgument("\(header.place).electrocardiogram is required for \(type.identifier)") }
            return try electrocardiogram(part, header)
        case HKWorkoutRouteTypeIdentifier:
            guard let part = wire.route else { throw HKError.invalidArgument("\(header.place).route is required for \(type.identifier)") }
            return try route(part, header)
        case HKDataTypeIdentifierHeartbeatSeries:
            guard let part = wire.heartbeatSeries else { throw HKError.invalidArgument("\(header.place).heartbeatSeries is required for \(type.identifier)") }
            return try heartbeatSeries(part, header)
        case HKDocumentTypeIdentifier.CDA.rawValue:
            guard let data = wire.document?.documentData else {
                throw HKError.invalidArgument("\(header.place).document.documentData is required for \(type.identifier)")
            }
            return try document(data, header)
        case HKDataTypeIdentifierAudiogram:
            guard let part = wire.audiogram else { throw HKError.invalidArgument("\(header.place).audiogram is required for \(type.identifier)") }
            return try audiogram(part, header)
        case HKVisionPrescriptionTypeIdentifier:
            guard let part = wire.visionPrescription else {
                throw HKError.invalidArgument("\(header.place).visionPrescription is required for \(type.identifier)")
            }
            return try visionPrescription(part, header)
        case HKDataTypeIdentifierStateOfMind:
            guard let part = wire.stateOfMind else { throw HKError.invalidArgument("\(header.place).stateOfMind is required for \(type.identifier)") }
            return try stateOfMind(part, header)
        default:
            guard let assessmentType = type as? HKScoredAssessmentType else { return nil }
            guard let part = wire.scoredAssessment else {
                throw HKError.invalidArgument("\(header.place).scoredAssessment is required for \(type.identifier)")
            }
            return try scoredAssessment(part, type: assessmentType, header)
        }
    }

    /// Throws unless `points` is within the limit and equals `declared` when given.
    private static func checkCount(_ points: Int, declared: Int?, field: String, countField: String) throws(HKError) {
        guard points <= WirePayloadLimits.maximumPoints else {
            throw HKError.invalidArgument("\(field) has \(points) entries; a sample holds at most \(WirePayloadLimits.maximumPoints)")
        }
        if let declared, declared != points {
            throw HKError.invalidArgument("\(countField) is \(declared), but \(field) has \(points) entries")
        }
    }

    private static func electrocardiogram(_ part: WireElectrocardiogram, _ header: Header) throws(HKError) -> HKElectrocardiogram {
        let at = "\(header.place).electrocardiogram"
        guard let classification = HKElectrocardiogram.Classification(rawValue: part.classification) else {
            throw HKError.invalidArgument("\(at).classification: \(part.classification) is not an HKElectrocardiogram.Classification")
        }
        guard let symptoms = HKElectrocardiogram.SymptomsStatus(rawValue: part.symptomsStatus) else {
            throw HKError.invalidArgument("\(at).symptomsStatus: \(part.symptomsStatus) is not an HKElectrocardiogram.SymptomsStatus")
        }
        let heartRate = try part.averageHeartRate.map { value throws(HKError) in
            try positive(value, unit: .count().unitDivided(by: .minute()), place: "\(at).averageHeartRate")
        }
        let frequency = try part.samplingFrequency.map { value throws(HKError) in try positive(value, unit: .hertz(), place: "\(at).samplingFrequency") }
        guard let measurements = part.voltageMeasurements else { throw HKError.invalidArgument("\(at).voltageMeasurements is required") }
        try checkCount(measurements.count, declared: part.numberOfVoltageMeasurements, field: "\(at).voltageMeasurements",
                       countField: "\(at).numberOfVoltageMeasurements")
        try SampleValidation.interval(start: header.start, end: header.end)
        let duration = header.end.timeIntervalSince(header.start)
        if let hertz = frequency?.1, Double(measurements.count) > (hertz * duration).rounded(.down) + 1 {
            throw HKError.invalidArgument("\(at).voltageMeasurements has \(measurements.count) measurements; \(duration) s at \(hertz) Hz "
                + "hold at most \(Int((hertz * duration).rounded(.down)) + 1)")
        }
        var voltages: [HKElectrocardiogram.VoltageMeasurement] = []
        voltages.reserveCapacity(measurements.count)
        for (index, measurement) in measurements.enumerated() {
            let field = "\(at).voltageMeasurements[\(index)]"
            let time = measurement.timeSinceSampleStart
            guard time.isFinite, time >= 0, time <= duration else {
                throw HKError.invalidArgument("\(field).timeSinceSampleStart: \(time) s lies outside the recording (0 to \(duration) s)")
            }
            var leads: [HKElectrocardiogram.Lead: HKQuantity] = [:]
            if let volts = measurement.appleWatchSimilarToLeadI {
                guard volts.isFinite, abs(volts) <= WirePayloadLimits.maximumVolts else {
                    throw HKError.invalidArgument("\(field).appleWatchSimilarToLeadI: \(volts) V is out of range "
                        + "(volts, at most \(WirePayloadLimits.maximumVolts) either way)")
                }
                leads[.appleWatchSimilarToLeadI] = HKQuantity(unit: .volt(), doubleValue: volts)
            }
            voltages.append(try HKElectrocardiogram.VoltageMeasurement(timeSinceSampleStart: time, voltages: leads))
        }
        return try HKElectrocardiogram(start: header.start, end: header.end, classification: classification, symptomsStatus: symptoms,
                                       averageHeartRate: heartRate?.0, samplingFrequency: frequency?.0, voltageMeasurements: voltages,
                                       uuid: header.uuid, sourceRevision: header.revision, device: header.device, metadata: header.metadata)
    }

    /// `wire` as a quantity of `unit`'s dimension, and its value in `unit`.
    static func measured(_ wire: WireQuantity, unit: HKUnit, place: String) throws(HKError) -> (HKQuantity, Double) {
        let quantity = try quantity(wire, place: place)
        guard quantity.is(compatibleWith: unit) else { throw HKError.invalidArgument("\(place).unit: \(wire.unit) is not a unit of \(unit.unitString)") }
        return (quantity, quantity.doubleValue(for: unit))
    }

    /// `wire` as a quantity of `unit`'s dimension with a positive value, and that value in `unit`.
    static func positive(_ wire: WireQuantity, unit: HKUnit, place: String) throws(HKError) -> (HKQuantity, Double) {
        let (quantity, value) = try measured(wire, unit: unit, place: place)
        guard value > 0 else { throw HKError.invalidArgument("\(place).value must be more than 0") }
        return (quantity, value)
    }

    private static func route(_ part: WireRoute, _ header: Header) throws(HKError) -> HKWorkoutRoute {
        let at = "\(header.place).route"
        guard part.workout != nil else {
            throw HKError.invalidArgument("\(at).workout is required: a route belongs to a workout, saved before it or in the same batch")
        }
        guard let wireLocations = part.locations, !wireLocations.isEmpty else {
            throw HKError.invalidArgument("\(at).locations is required: a workout route needs at least one location")
        }
        try checkCount(wireLocations.count, declared: part.count, field: "\(at).locations", countField: "\(at).count")
        try SampleValidation.sample(start: header.start, end: header.end, metadata: header.metadata)
        var locations: [WorkoutRouteLocation] = []
        locations.reserveCapacity(wireLocations.count)
        for (index, wire) in wireLocations.enumerated() {
            locations.append(try location(wire, place: "\(at).locations[\(index)]", within: header.start...header.end))
        }
        // In time order, as HKWorkoutRouteBuilder keeps them (points at the same time in the order given).
        let sorted = locations.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
        return HKWorkoutRoute(locations: sorted, start: header.start, end: header.end, uuid: header.uuid, sourceRevision: header.revision,
                              device: header.device, metadata: header.metadata)
    }

    private static func location(_ wire: WireLocation, place: String, within span: ClosedRange<Date>) throws(HKError) -> WorkoutRouteLocation {
        guard wire.latitude.isFinite, (-90...90).contains(wire.latitude) else {
            throw HKError.invalidArgument("\(place).latitude: \(wire.latitude) is not from -90 to 90 degrees")
        }
        guard wire.longitude.isFinite, (-180...180).contains(wire.longitude) else {
            throw HKError.invalidArgument("\(place).longitude: \(wire.longitude) is not from -180 to 180 degrees")
        }
        guard span.contains(wire.timestamp) else {
            throw HKError.invalidArgument("\(place).timestamp: \(WireCoding.text(wire.timestamp)) lies outside the route's startDate and endDate")
        }
        let numbers: [(String, Double?)] = [("altitude", wire.altitude), ("horizontalAccuracy", wire.horizontalAccuracy),
                                            ("verticalAccuracy", wire.verticalAccuracy), ("speed", wire.speed), ("course", wire.course)]
        for case let (name, value?) in numbers where !value.isFinite || abs(value) > 1e9 {
            throw HKError.invalidArgument("\(place).\(name): \(value) is out of range")
        }
        if let course = wire.course, course >= 360 {
            throw HKError.invalidArgument("\(place).course: \(course) must be below 360 degrees (or negative: not known)")
        }
        return WorkoutRouteLocation(latitude: wire.latitude, longitude: wire.longitude, altitude: wire.altitude ?? 0, timestamp: wire.timestamp,
                                    horizontalAccuracy: wire.horizontalAccuracy ?? -1, verticalAccuracy: wire.verticalAccuracy ?? -1,
                                    course: wire.course ?? -1, speed: wire.speed ?? -1)
    }

    private static func heartbeatSeries(_ part: WireHeartbeatSeries, _ header: Header) throws(HKError) -> HKHeartbeatSeriesSample {
        let at = "\(header.place).heartbeatSeries"
        guard let wireBeats = part.heartbeats, !wireBeats.isEmpty else {
            throw HKError.invalidArgument("\(at).heartbeats is required: a heartbeat series needs at least one heartbeat")
        }
        try checkCount(wireBeats.count, declared: part.count, field: "\(at).heartbeats", countField: "\(at).count")
        try SampleValidation.sample(start: header.start, end: header.end, metadata: header.metadata)
        let duration = header.end.timeIntervalSince(header.start)
        var beats: [HKHeartbeat] = []
        beats.reserveCapacity(wireBeats.count)
        for (index, beat) in wireBeats.enumerated() {
            let field = "\(at).heartbeats[\(index)].timeSinceSeriesStart"
            let time = beat.timeSinceSeriesStart
            // HKHeartbeatSeriesBuilder's rules: not negative, in time order; and inside the series.
            guard time.isFinite, time >= 0, time <= duration else {
                throw HKError.invalidArgument("\(field): \(time) s lies outside the series (0 to \(duration) s)")
            }
            if let previous = beats.last, time < previous.timeIntervalSinceStart {
                throw HKError.invalidArgument("\(field): \(time) s comes before the beat before it (\(previous.timeIntervalSinceStart) s); beats go in time order")
            }
            beats.append(HKHeartbeat(timeIntervalSinceStart: time, precededByGap: beat.precededByGap))
        }
        return HKHeartbeatSeriesSample(heartbeats: beats, start: header.start, end: header.end, uuid: header.uuid,
                                       sourceRevision: header.revision, device: header.device, metadata: header.metadata)
    }

    private static func document(_ data: Data, _ header: Header) throws(HKError) -> HKCDADocumentSample {
        let at = "\(header.place).document.documentData"
        guard data.count <= WirePayloadLimits.maximumDocumentBytes else {
            throw HKError.invalidArgument("\(at) has \(data.count) bytes; a document holds at most \(WirePayloadLimits.maximumDocumentBytes)")
        }
        try SampleValidation.sample(start: header.start, end: header.end, metadata: header.metadata)
        let checked: HKCDADocumentSample
        do {
            checked = try HKCDADocumentSample(data: data, start: header.start, end: header.end, metadata: header.metadata)
        } catch {
            throw HKError.invalidArgument("\(at): \(HKError.from(error).localizedDescription)")
        }
        return HKCDADocumentSample(document: checked.document, start: header.start, end: header.end, uuid: header.uuid,
                                   sourceRevision: header.revision, device: header.device, metadata: checked.metadata)
    }
}
