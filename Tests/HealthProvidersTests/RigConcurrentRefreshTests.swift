import Foundation
@testable import HealthProviders
import HealthRecords
import OpenHealthKit
import TestSupport
import Testing

/// A sync reads the next page while it stores the current one, so several requests can find the token expired at
/// once: they must share one refresh. Two refreshes would spend the refresh token the first one rotated away, and the
/// test AS refuses a spent one (`invalid_grant`), which would mark the connection "needs sign-in".
extension RigTests {
    @Test func concurrentRequestsForAnExpiringTokenShareOneRefresh() async throws {
        try await rig.configure(["consent": "", "ttl": 2])
        let (_, connections, folder) = try Rig.stores()
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try await rig.connect(.none(clientID: rig.publicClient), connections: connections, http: http, types: ["Condition"])
        let before = try connections.secrets(of: connection)
        // A two-second token is inside the 60-second margin: every caller wants a refresh.
        let keeper = TokenKeeper(connectionID: connection.id, store: connections, http: http, margin: 60)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { try await keeper.accessToken() } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        let after = try connections.secrets(of: connections.connection(connection.id))
        #expect(try connections.connection(connection.id).status == .active)
        #expect(tokens.count == 4 && tokens.contains(after.accessToken) && !tokens.contains(before.accessToken))
        #expect(after.accessToken != before.accessToken && after.refreshToken != before.refreshToken)
        try await rig.reset()
    }
}
