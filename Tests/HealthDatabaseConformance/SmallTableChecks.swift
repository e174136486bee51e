import Foundation
import HealthDatabase
import Testing

/// Sources, settings and grants.
enum SmallTableChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("sources", "distinct by bundle identifier, latest name wins, filtered", sources),
        ConformanceCheck("settings", "set, replace, remove", settings),
        ConformanceCheck("grants", "set, replace, remove some, remove all, per app", grants),
    ]

    static func sources(_ storage: any HealthStorage) throws {
        let renamed = SourceRecord(bundleIdentifier: F.app.bundleIdentifier, name: "Example Renamed", version: "2.0")
        _ = try storage.save([F.quantity(1, 0), F.quantity(2, 0, source: F.other), F.quantity(60, 0, type: F.heartRate, source: F.watch)])
        _ = try storage.save([F.quantity(3, 0, source: renamed)])
        let all = try storage.sources(matching: .all)
        #expect(all.map(\.bundleIdentifier).sorted() == [F.watch.bundleIdentifier, F.app.bundleIdentifier, F.other.bundleIdentifier].sorted())
        #expect(all.first { $0.bundleIdentifier == F.app.bundleIdentifier }?.name == "Example Renamed")
        #expect(try storage.sources(matching: .types([F.heartRate])) == [F.watch])
        #expect(try storage.sources(matching: .none).isEmpty)
    }

    static func settings(_ storage: any HealthStorage) throws {
        #expect(try storage.setting("dateOfBirth") == nil)
        try storage.setSetting("dateOfBirth", to: "1990-04-02")
        try storage.setSetting("bloodType", to: "")
        #expect(try storage.setting("dateOfBirth") == "1990-04-02")
        #expect(try storage.setting("bloodType") == "")
        try storage.setSetting("dateOfBirth", to: "1991-01-01")
        #expect(try storage.setting("dateOfBirth") == "1991-01-01")
        try storage.setSetting("dateOfBirth", to: nil)
        #expect(try storage.setting("dateOfBirth") == nil)
        try storage.setSetting("never-set", to: nil)
    }

    static func grants(_ storage: any HealthStorage) throws {
        func grant(_ app: String, _ type: String, _ access: AuthorizationGrant.Access, _ allowed: Bool, _ at: TimeInterval = 0) -> AuthorizationGrant {
            AuthorizationGrant(app: app, type: type, access: access, allowed: allowed, decidedAt: F.date(at))
        }
        let appReadSteps = grant("app", F.steps, .read, true)
        let appShareSteps = grant("app", F.steps, .share, false)
        let appReadHeart = grant("app", F.heartRate, .read, true)
        let otherRead = grant("other", F.steps, .read, false)
        try storage.setGrants([appReadSteps, appShareSteps, appReadHeart, otherRead])
        #expect(Set(try storage.grants(for: "app")) == [appReadSteps, appShareSteps, appReadHeart])
        #expect(Set(try storage.grants(for: nil)) == [appReadSteps, appShareSteps, appReadHeart, otherRead])

        let changed = grant("app", F.steps, .share, true, 60)
        try storage.setGrants([changed])
        #expect(Set(try storage.grants(for: "app")) == [appReadSteps, changed, appReadHeart], "one grant per app, type and access")

        try storage.removeGrants(for: "app", types: [F.steps])
        #expect(try storage.grants(for: "app") == [appReadHeart])
        try storage.removeGrants(for: "app", types: [])
        #expect(try storage.grants(for: "app") == [appReadHeart])
        try storage.removeGrants(for: "app", types: nil)
        #expect(try storage.grants(for: "app").isEmpty)
        #expect(try storage.grants(for: nil) == [otherRead])
        #expect(try storage.grants(for: "unknown").isEmpty)
    }
}
