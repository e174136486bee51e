import Foundation
import HealthServer
import Testing

/// Retrying a save is harmless for samples with children too: a correlation's members, a route under its workout.
@Suite struct SaveRetryTests {
    static func pressure(_ correlation: UUID, systolic: UUID, diastolic: UUID) -> String {
        let at = "2026-11-26T08:00:00Z"
        return """
            {"uuid":"\(correlation)","type":"bloodPressure","startDate":"\(at)","endDate":"\(at)","objects":[\
            {"uuid":"\(systolic)","type":"bloodPressureSystolic","startDate":"\(at)","endDate":"\(at)","quantity":{"value":120,"unit":"mmHg"}},\
            {"uuid":"\(diastolic)","type":"bloodPressureDiastolic","startDate":"\(at)","endDate":"\(at)","quantity":{"value":80,"unit":"mmHg"}}]}
            """
    }

    @Test("a blood pressure correlation saved again is reported already stored; its member's UUID in another correlation is still a conflict")
    func correlationRetry() async throws {
        let harness = try await ServerHarness()
        defer { harness.stop() }
        let token = try await harness.person("alice")
        let correlation = UUID(), systolic = UUID(), diastolic = UUID()
        let body = SampleAPITests.batch([Self.pressure(correlation, systolic: systolic, diastolic: diastolic)])
        #expect(try await harness.send("POST", "/v1/samples", token: token, json: body).status == 200)
        let again = try await harness.send("POST", "/v1/samples", token: token, json: body)
        #expect(again.status == 200, "\(again.text)")
        #expect(again.json["alreadyStored"] as? [String] == [correlation.uuidString] && again.json["saved"] as? [String] == [])
        let members = try await harness.send("GET", "/v1/samples?type=bloodPressureSystolic", token: token)
        #expect((members.json["samples"] as? [[String: Any]])?.count == 1)
        let other = try await harness.send("POST", "/v1/samples", token: token,
                                           json: SampleAPITests.batch([Self.pressure(UUID(), systolic: systolic, diastolic: UUID())]))
        #expect(other.status == 409, "\(other.text)")
    }
}
