import Foundation
import HealthDatabase
import OpenHealthKit

/// A small, fast, seeded generator so every run writes the same data.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random (version 4) UUID, as apps create them.
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        var bytes = (UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16),
                     UInt8(truncatingIfNeeded: a >> 24), UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40),
                     UInt8(truncatingIfNeeded: a >> 48), UInt8(truncatingIfNeeded: a >> 56), UInt8(truncatingIfNeeded: b),
                     UInt8(truncatingIfNeeded: b >> 8), UInt8(truncatingIfNeeded: b >> 16), UInt8(truncatingIfNeeded: b >> 24),
                     UInt8(truncatingIfNeeded: b >> 32), UInt8(truncatingIfNeeded: b >> 40), UInt8(truncatingIfNeeded: b >> 48),
                     UInt8(truncatingIfNeeded: b >> 56))
        bytes.6 = (bytes.6 & 0x0F) | 0x40
        bytes.8 = (bytes.8 & 0x3F) | 0x80
        return UUID(uuid: bytes)
    }

    /// A version 7 UUID whose time field is `milliseconds`: increasing with it, random after it.
    mutating func timeOrderedUUID(_ milliseconds: UInt64) -> UUID {
        let random = uuid()
        var bytes = random.uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0 ..< 6 { raw[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index))) }
            raw[6] = (raw[6] & 0x0F) | 0x70
        }
        return UUID(uuid: bytes)
    }
}

/// The realistic data every benchmark writes: a phone and a watch over the years.
///
/// Sample `i` of a stream is at `epoch + i * spacing` (20 s), so a store of N samples covers N × 20 s and
/// ends at ``end(count:)``. Six samples in ten are heart rate from the watch (instantaneous, 50–150
/// count/min, one in five with `HKMetadataKeyHeartRateMotionContext`); two are step counts from the
/// watch and two from the phone (1–10 minutes, 0–800 steps; one in a hundred `HKWasUserEntered`).
/// Roughly 13% of the samples carry metadata.
enum HealthData {
    static let epoch = Date(timeIntervalSince1970: 1_420_070_400)  // 2015-01-01
    static let spacing: TimeInterval = 20
    static let heartRate = HKQuantityType(.heartRate)
    static let stepCount = HKQuantityType(.stepCount)
    static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
    static let count = HKUnit.count()

    static let phoneApp = HKSource(name: "iPhone", bundleIdentifier: "com.apple.health.5C3E1F2A")
    static let watchApp = HKSource(name: "Apple Watch", bundleIdentifier: "com.apple.health.9A7B2C4D")
    static let phone = HKDevice(name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone15,2",
                                firmwareVersion: nil, softwareVersion: "17.5", localIdentifier: nil, udiDeviceIdentifier: nil)
    static let watch = HKDevice(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch7,1",
                                firmwareVersion: nil, softwareVersion: "10.5", localIdentifier: nil, udiDeviceIdentifier: nil)

    /// The end of the last sample's start in a store of `count` samples.
    static func end(count: Int) -> Date { epoch.addingTimeInterval(Double(count) * spacing) }

    enum Stream { case heartRate, watchSteps, phoneSteps }

    static func stream(_ index: Int) -> Stream {
        switch index % 10 {
        case 0 ..< 6: .heartRate
        case 6, 7: .watchSteps
        default: .phoneSteps
        }
    }

    /// One sample as an app creates it.
    struct Sample {
        var uuid: UUID
        var stream: Stream
        var start: Date
        var end: Date
        var value: Double
        var metadata: [String: Any]?
    }

    static func sample(_ index: Int, _ random: inout SplitMix64) -> Sample {
        let stream = stream(index)
        let start = epoch.addingTimeInterval(Double(index) * spacing)
        let uuid = random.uuid()
        let roll = random.next()
        switch stream {
        case .heartRate:
            let bpm = Double(50 + roll % 100)
            let metadata: [String: Any]? = roll % 5 == 0 ? [HKMetadataKeyHeartRateMotionContext: NSNumber(value: Int(roll >> 8) % 3)] : nil
            return Sample(uuid: uuid, stream: stream, start: start, end: start, value: bpm, metadata: metadata)
        case .watchSteps, .phoneSteps:
            let minutes = Double(1 + roll % 10)
            let steps = Double((roll >> 8) % 800)
            let metadata: [String: Any]? = roll % 100 == 7 ? [HKMetadataKeyWasUserEntered: NSNumber(value: true)] : nil
            return Sample(uuid: uuid, stream: stream, start: start, end: start.addingTimeInterval(minutes * 60), value: steps,
                          metadata: metadata)
        }
    }

    /// The HealthKit object for a sample.
    static func object(_ sample: Sample) -> HKQuantitySample {
        switch sample.stream {
        case .heartRate:
            HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: beatsPerMinute, doubleValue: sample.value),
                             start: sample.start, end: sample.end, device: watch, metadata: sample.metadata)
        case .watchSteps, .phoneSteps:
            HKQuantitySample(type: stepCount, quantity: HKQuantity(unit: count, doubleValue: sample.value),
                             start: sample.start, end: sample.end, device: sample.stream == .phoneSteps ? phone : watch,
                             metadata: sample.metadata)
        }
    }

    // The storage layer's view of the same data (what OpenHealthKit's mapping produces).
    static let phoneSource = SourceRecord(bundleIdentifier: phoneApp.bundleIdentifier, name: phoneApp.name, version: "17.5",
                                          productType: "iPhone15,2", operatingSystemVersion: "17.5.0")
    static let watchSource = SourceRecord(bundleIdentifier: watchApp.bundleIdentifier, name: watchApp.name, version: "10.5",
                                          productType: "Watch7,1", operatingSystemVersion: "10.5.0")
    static let phoneDevice = DeviceRecord(properties: [HKDevicePropertyKeyName: "iPhone", HKDevicePropertyKeyManufacturer: "Apple Inc.",
                                                       HKDevicePropertyKeyModel: "iPhone", HKDevicePropertyKeyHardwareVersion: "iPhone15,2",
                                                       HKDevicePropertyKeySoftwareVersion: "17.5"])
    static let watchDevice = DeviceRecord(properties: [HKDevicePropertyKeyName: "Apple Watch", HKDevicePropertyKeyManufacturer: "Apple Inc.",
                                                       HKDevicePropertyKeyModel: "Watch", HKDevicePropertyKeyHardwareVersion: "Watch7,1",
                                                       HKDevicePropertyKeySoftwareVersion: "10.5"])

    /// The storage record for a sample.
    static func record(_ sample: Sample) -> SampleRecord {
        var fields: [String: FieldValue] = [:]
        for (key, value) in sample.metadata ?? [:] {
            let number = value as! NSNumber
            fields[key] = key == HKMetadataKeyWasUserEntered ? .bool(number.boolValue) : .number(number.doubleValue)
        }
        switch sample.stream {
        case .heartRate:
            return SampleRecord(uuid: sample.uuid, kind: .quantity, type: heartRate.identifier, startDate: sample.start,
                                endDate: sample.end, quantity: sample.value / 60, unit: "count/min", originalQuantity: sample.value,
                                source: watchSource, device: watchDevice, fields: fields)
        case .watchSteps, .phoneSteps:
            let phone = sample.stream == .phoneSteps
            return SampleRecord(uuid: sample.uuid, kind: .quantity, type: stepCount.identifier, startDate: sample.start,
                                endDate: sample.end, quantity: sample.value, unit: "count", originalQuantity: sample.value,
                                source: phone ? phoneSource : watchSource, device: phone ? phoneDevice : watchDevice, fields: fields)
        }
    }
}
