import Foundation
import HealthDatabase
import Testing

/// The change feed: an engine announces each of its commits, after the commit, with the newest change position;
/// never a write that failed; and nothing to a subscription once cancelled.
enum ChangeFeedChecks {
    typealias F = Fixture

    static let all: [ConformanceCheck] = [
        ConformanceCheck("feed", "saves, deletions and associations are announced with the newest position", writes),
        ConformanceCheck("feed", "grants and settings are announced (what a reader may see can change)", smallTables),
        ConformanceCheck("feed", "a write that fails announces nothing", failedWrite),
        ConformanceCheck("feed", "the commit is visible to a reader when it is announced", visibleWhenAnnounced),
        ConformanceCheck("feed", "a cancelled or released subscription hears nothing more", cancelled),
    ]

    /// The positions announced to one subscription.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var positions: [Int64] = []
        func append(_ position: Int64) { lock.withLock { positions.append(position) } }
        var all: [Int64] { lock.withLock { positions } }
    }

    static func writes(_ storage: any HealthStorage) throws {
        let heard = Heard()
        let subscription = storage.changeFeed.subscribe { heard.append($0) }
        defer { subscription.cancel() }
        let records = (0..<3).map { F.quantity(Double($0), Double($0)) }
        _ = try storage.save(records)
        #expect(heard.all == [try storage.latestChangePosition()])
        _ = try storage.delete(uuids: [records[0].uuid], source: nil)
        #expect(try heard.all.count == 2 && heard.all.last == storage.latestChangePosition())
        _ = try storage.delete(matching: .uuids([records[1].uuid]))
        #expect(try heard.all.count == 3 && heard.all.last == storage.latestChangePosition())
        let correlation = F.correlation(at: 100)
        _ = try storage.save([correlation[0]])
        _ = try storage.save([], associating: SampleAssociation(parent: correlation[0].uuid, members: [records[2].uuid]))
        #expect(try heard.all.count == 5 && heard.all.last == storage.latestChangePosition())
        #expect(heard.all == heard.all.sorted() && Set(heard.all).count == 5, "each commit advances the position")
    }

    static func smallTables(_ storage: any HealthStorage) throws {
        _ = try storage.save([F.quantity(1, 0)])
        let latest = try storage.latestChangePosition()
        let heard = Heard()
        let subscription = storage.changeFeed.subscribe { heard.append($0) }
        defer { subscription.cancel() }
        try storage.setGrants([AuthorizationGrant(app: "a", type: F.steps, access: .read, allowed: true, decidedAt: F.date(0))])
        try storage.removeGrants(for: "a", types: nil)
        try storage.setSetting("k", to: "v")
        #expect(heard.all == [latest, latest, latest])
    }

    static func failedWrite(_ storage: any HealthStorage) throws {
        let record = F.quantity(1, 0)
        _ = try storage.save([record])
        let heard = Heard()
        let subscription = storage.changeFeed.subscribe { heard.append($0) }
        defer { subscription.cancel() }
        #expect(throws: StorageError.self) { _ = try storage.save([F.quantity(2, 1), record]) }
        #expect(heard.all.isEmpty)
        #expect(try storage.count(matching: .all) == 1)
    }

    static func visibleWhenAnnounced(_ storage: any HealthStorage) throws {
        let seen = Heard()
        let subscription = storage.changeFeed.subscribe { position in
            let stored = (try? storage.latestChangePosition()) ?? -1
            seen.append(stored >= position ? 1 : 0)
        }
        defer { subscription.cancel() }
        _ = try storage.save([F.quantity(1, 0)])
        _ = try storage.save([F.quantity(2, 1)])
        #expect(seen.all == [1, 1])
    }

    static func cancelled(_ storage: any HealthStorage) throws {
        let heard = Heard()
        let subscription = storage.changeFeed.subscribe { heard.append($0) }
        var released: ChangeFeedSubscription? = storage.changeFeed.subscribe { heard.append($0) }
        _ = try storage.save([F.quantity(1, 0)])
        #expect(heard.all.count == 2)
        subscription.cancel()
        subscription.cancel()
        released = nil
        _ = try storage.save([F.quantity(2, 1)])
        #expect(heard.all.count == 2 && released == nil)
    }
}
