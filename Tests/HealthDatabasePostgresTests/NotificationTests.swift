import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Testing
import TestSupport

/// Commits by one process reach the change feed of the same person's store in another, by `LISTEN`/`NOTIFY`.
@Suite(.enabled(if: TestServer.available, Comment(rawValue: TestPostgres.missingMessage)))
struct NotificationTests {
    /// Announcements heard, and a semaphore signalled for each.
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var positions: [Int64] = []
        let signal = DispatchSemaphore(value: 0)
        func append(_ position: Int64) { lock.withLock { positions.append(position) }; signal.signal() }
        var all: [Int64] { lock.withLock { positions } }
    }

    /// One new owner's store opened by two database objects (as two processes would), and what the second's feed hears.
    final class Pair {
        let writer: PostgresHealthStorage
        let listener: PostgresHealthStorage
        let heard = Heard()
        private var subscription: ChangeFeedSubscription?

        init() throws {
            let owner = "notify-" + UUID().uuidString
            writer = try TestServer.separateDatabase().storage(owner: owner)
            listener = try TestServer.separateDatabase().storage(owner: owner)
            subscription = listener.changeFeed.subscribe { [heard] in heard.append($0) }
        }
    }

    @Test("a commit in one process wakes the feed of the same owner's store in another, and no other owner's")
    func notifyWakesOtherProcess() throws {
        let pair = try Pair()
        let (writer, listener, heard) = (pair.writer, pair.listener, pair.heard)
        let bystander = try listener.database.storage(owner: "bystander-" + UUID().uuidString)
        let bystanderHeard = Heard()
        let other = bystander.changeFeed.subscribe { bystanderHeard.append($0) }
        defer { other.cancel() }

        _ = try writer.save([OwnerIsolationTests.sample(1), OwnerIsolationTests.sample(2)])
        #expect(heard.signal.wait(timeout: .now() + 5) == .success, "the other process's feed heard the commit")
        #expect(heard.all == [try writer.latestChangePosition()])
        #expect(try listener.changes(after: 0, matching: .all, limit: nil).changes.count == 2, "and the change is readable there")
        _ = try writer.delete(matching: .all)
        #expect(heard.signal.wait(timeout: .now() + 5) == .success)
        #expect(heard.all.last == (try writer.latestChangePosition()))
        #expect(bystanderHeard.all.isEmpty, "another owner's feed hears nothing")
    }

    @Test("a rolled-back write notifies nobody")
    func rollbackIsSilent() throws {
        let pair = try Pair()
        let (writer, heard) = (pair.writer, pair.heard)
        let record = OwnerIsolationTests.sample(1)
        _ = try writer.save([record])
        #expect(heard.signal.wait(timeout: .now() + 5) == .success)
        #expect(throws: StorageError.duplicateUUID(record.uuid)) { _ = try writer.save([OwnerIsolationTests.sample(2), record]) }
        // A later commit's notification arrives; the failed one's never did.
        try writer.setSetting("k", to: "v")
        #expect(heard.signal.wait(timeout: .now() + 5) == .success)
        #expect(heard.all.count == 2 && heard.all.allSatisfy { $0 == 1 })
    }

    @Test("after its connection drops, the listener connects again and announces what it missed")
    func listenerReconnects() throws {
        let pair = try Pair()
        let (writer, heard) = (pair.writer, pair.heard)
        let name = "ohk-listener-" + pair.listener.database.origin
        let connected = "SELECT count(*)::text FROM pg_stat_activity WHERE application_name = $1"
        #expect(try writer.database.textRows(connected, [name]) == [["1"]])
        _ = try writer.database.textRows("SELECT pg_terminate_backend(pid)::text FROM pg_stat_activity WHERE application_name = $1", [name])
        _ = try writer.save([OwnerIsolationTests.sample(1)])
        #expect(heard.signal.wait(timeout: .now() + 10) == .success, "the commit made while the listener was away is announced")
        #expect(heard.all.last == (try writer.latestChangePosition()))
        #expect(try writer.database.textRows(connected, [name]) == [["1"]], "the listener is connected again")
        _ = try writer.save([OwnerIsolationTests.sample(2)])
        #expect(heard.signal.wait(timeout: .now() + 10) == .success, "and hears commits again")
        #expect(heard.all.last == (try writer.latestChangePosition()))
    }
}
