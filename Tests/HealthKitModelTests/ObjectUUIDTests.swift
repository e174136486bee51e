import Foundation
import Testing
@testable import HealthKitModel

@Suite("New objects get time-ordered version 7 UUIDs")
struct ObjectUUIDTests {
    @Test("a new sample's UUID is version 7 with the RFC 9562 variant and today's time")
    func versionVariantAndTime() {
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        let sample = HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 1),
                                      start: Date(), end: Date())
        let bytes = withUnsafeBytes(of: sample.uuid.uuid) { Array($0) }
        #expect(bytes[6] >> 4 == 7)
        #expect(bytes[8] >> 6 == 0b10)
        let milliseconds = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds >= before)
        #expect(milliseconds <= UInt64(Date().timeIntervalSince1970 * 1000) + 1)
    }

    @Test("clinical records, verifiable records and routes made without a UUID get version 7 ones too, in order")
    func recordsAndRoutesToo() {
        let resource = HKFHIRResource(fhirVersion: .primaryR4(), resourceType: .condition, identifier: "c1", data: Data("{}".utf8), sourceURL: nil)
        let uuids = [
            HKClinicalRecord(type: HKClinicalType(.conditionRecord), displayName: "A", fhirResource: resource, start: Date(), end: Date()).uuid,
            HKVerifiableClinicalRecord(recordTypes: [], issuerIdentifier: "i", subject: HKVerifiableClinicalRecordSubject(fullName: "A", dateOfBirthComponents: nil),
                                       issuedDate: Date(), relevantDate: Date(), expirationDate: nil, itemNames: [], sourceType: nil,
                                       dataRepresentation: Data()).uuid,
            HKWorkoutRoute(locations: [], start: Date(), end: Date()).uuid,
        ]
        let keys = uuids.map { uuid in withUnsafeBytes(of: uuid.uuid) { Array($0) } }
        #expect(keys.allSatisfy { $0[6] >> 4 == 7 && $0[8] >> 6 == 0b10 }, "\(uuids)")
        #expect(keys[0].lexicographicallyPrecedes(keys[1]) && keys[1].lexicographicallyPrecedes(keys[2]))
    }

    @Test("UUIDs made in a burst are distinct and strictly increasing, past 4,096 in one millisecond")
    func monotonicBurst() {
        let uuids = (0..<20_000).map { _ in ObjectUUID.make() }
        let keys = uuids.map { uuid in withUnsafeBytes(of: uuid.uuid) { Array($0) } }
        #expect(Set(uuids).count == uuids.count)
        for index in 1..<keys.count {
            #expect(keys[index - 1].lexicographicallyPrecedes(keys[index]), "UUID \(index) is not after UUID \(index - 1)")
            if !keys[index - 1].lexicographicallyPrecedes(keys[index]) { break }
        }
    }
}
