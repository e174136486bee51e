import Foundation

// The wire types as ``JSONWriter`` writes them: each type's members in key order, nil ones left out (as their
// `Encodable` conformances, which `JSONWriterTests` holds these to).

extension WireSample: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("audiogram", audiogram)
            try json.field("clinical", clinical)
            try json.field("device", device)
            try json.field("document", document)
            try json.field("electrocardiogram", electrocardiogram)
            try json.field("endDate", endDate)
            try json.field("heartbeatSeries", heartbeatSeries)
            try json.field("metadata", metadata)
            try json.field("objects", objects)
            try json.field("quantity", quantity)
            try json.field("route", route)
            try json.field("scoredAssessment", scoredAssessment)
            try json.field("source", source)
            try json.field("startDate", startDate)
            try json.field("stateOfMind", stateOfMind)
            try json.field("summary", summary)
            try json.field("type", type)
            try json.field("uuid", uuid)
            try json.field("value", value)
            try json.field("visionPrescription", visionPrescription)
            try json.field("workout", workout)
        }
    }
}

extension WireQuantity: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("unit", unit)
            try json.field("value", value)
        }
    }
}

extension WireWorkout: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("activityType", activityType)
            try json.field("duration", duration)
            try json.field("events", events)
            try json.field("totalDistance", totalDistance)
            try json.field("totalEnergyBurned", totalEnergyBurned)
        }
    }
}

extension WireWorkoutEvent: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("endDate", endDate)
            try json.field("metadata", metadata)
            try json.field("startDate", startDate)
            try json.field("type", type)
        }
    }
}

extension WireDevice: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("firmwareVersion", firmwareVersion)
            try json.field("hardwareVersion", hardwareVersion)
            try json.field("localIdentifier", localIdentifier)
            try json.field("manufacturer", manufacturer)
            try json.field("model", model)
            try json.field("name", name)
            try json.field("softwareVersion", softwareVersion)
            try json.field("udiDeviceIdentifier", udiDeviceIdentifier)
        }
    }
}

extension WireSource: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("bundleIdentifier", bundleIdentifier)
            try json.field("name", name)
            try json.field("operatingSystemVersion", operatingSystemVersion)
            try json.field("productType", productType)
            try json.field("version", version)
        }
    }
}

extension WireMetadataValue: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        switch self {
        case .string(let text): json.string(text)
        case .number(let number): try json.number(number)
        case .bool(let bool): json.literal(bool ? "true" : "false")
        case .date(let date): try json.object { json in try json.field("date", date) }
        case .quantity(let quantity): try quantity.write(to: &json)
        }
    }
}

extension WireJSON: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        switch self {
        case .null: json.literal("null")
        case .bool(let bool): json.literal(bool ? "true" : "false")
        case .number(let number): try json.number(number)
        case .string(let text): json.string(text)
        case .array(let array): try json.array(array)
        case .object(let object): try object.write(to: &json)
        }
    }
}

extension WireClinicalRecord: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("displayName", displayName)
            try json.field("fhirVersion", fhirVersion)
            try json.field("identifier", identifier)
            try json.field("resource", resource)
            try json.field("resourceType", resourceType)
            try json.field("sourceURL", sourceURL)
        }
    }
}

extension WireElectrocardiogram: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("averageHeartRate", averageHeartRate)
            try json.field("classification", classification)
            try json.field("numberOfVoltageMeasurements", numberOfVoltageMeasurements)
            try json.field("samplingFrequency", samplingFrequency)
            try json.field("symptomsStatus", symptomsStatus)
            try json.field("voltageMeasurements", voltageMeasurements)
        }
    }
}

extension WireVoltageMeasurement: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("appleWatchSimilarToLeadI", appleWatchSimilarToLeadI)
            try json.field("timeSinceSampleStart", timeSinceSampleStart)
        }
    }
}

extension WireRoute: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("count", count)
            try json.field("locations", locations)
            try json.field("workout", workout)
        }
    }
}

extension WireLocation: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("altitude", altitude)
            try json.field("course", course)
            try json.field("horizontalAccuracy", horizontalAccuracy)
            try json.field("latitude", latitude)
            try json.field("longitude", longitude)
            try json.field("speed", speed)
            try json.field("timestamp", timestamp)
            try json.field("verticalAccuracy", verticalAccuracy)
        }
    }
}

extension WireHeartbeatSeries: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("count", count)
            try json.field("heartbeats", heartbeats)
        }
    }
}

extension WireHeartbeat: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("precededByGap", precededByGap)
            try json.field("timeSinceSeriesStart", timeSinceSeriesStart)
        }
    }
}

extension WireDocument: JSONWritable {
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("authorName", authorName)
            try json.field("custodianName", custodianName)
            try json.field("documentData", documentData)
            try json.field("patientName", patientName)
            try json.field("title", title)
        }
    }
}
