import Foundation
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// The ID token of an `openid` grant, checked (signature by the AS's published key, audience, expiry) before its
/// `fhirUser` is kept; forged ones make the launch fail.
extension RigTests {
    @Test func theIDTokenIsVerifiedBeforeItsFhirUserIsKept() async throws {
        try await rig.reset()
        let (_, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: ["Condition"])
        #expect(connection.fhirUser == "Patient/\(rig.patientID)")
        for forgery in ["badSignature", "wrongAudience", "expired"] {
            let client = try await rig.client(["idToken": forgery])
            await #expect {
                try await rig.connect(.none(clientID: client), connections: connections, http: http, types: ["Condition"])
            } throws: { error in
                (error as? ProviderError)?.message.hasPrefix("the ID token is not valid: ") == true
            }
        }
    }
}
