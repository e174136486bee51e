import Foundation
import OpenHealthKit
import OpenHealthKitPostgres
import Testing
import TestSupport

/// Issue 21: two `health` processes write one person's PostgreSQL store at the same time, in many small transactions,
/// while this process follows the store with anchored object queries; no change may be skipped or repeated.
@Suite(.enabled(if: TestPostgres.url != nil || TestPostgres.required, "\(TestPostgres.missingMessage)"))
struct PostgresTwoWriterSyncTests {
    /// An export.xml of `count` step samples, one a minute, from `source`.
    static func export(source: String, count: Int, in folder: URL) throws -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for index in 0..<count {
            let from = formatter.string(from: start.addingTimeInterval(Double(index) * 60))
            let to = formatter.string(from: start.addingTimeInterval(Double(index) * 60 + 59))
            xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"count\" "
                + "startDate=\"\(from)\" endDate=\"\(to)\" value=\"\(index + 1)\"/>\n"
        }
        xml += "</HealthData>\n"
        let path = folder.appendingPathComponent("\(source).xml").path
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// One anchored page after `anchor`: the added samples (UUID and source name), the deleted UUIDs and the new anchor.
    static func page(_ store: HKHealthStore, after anchor: HKQueryAnchor?, limit: Int) async throws
        -> ([(uuid: UUID, source: String)], [UUID], HKQueryAnchor?) {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKAnchoredObjectQuery(type: HKQuantityType(.stepCount), predicate: nil, anchor: anchor, limit: limit) { _, added, deleted, next, error in
                if let error { return continuation.resume(throwing: error) }
                let samples = (added ?? []).map { (uuid: $0.uuid, source: $0.sourceRevision.source.name) }
                continuation.resume(returning: (samples, (deleted ?? []).map(\.uuid), next))
            }
            store.execute(query)
        }
    }

    /// The UUIDs a long-running anchored query delivers (its first results and every update); also counts finished
    /// writers.
    final class Follower: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [UUID] = []
        private var failure: (any Error)?
        private var finished = 0
        func markDone() { lock.withLock { finished += 1 } }
        var done: Int { lock.withLock { finished } }
        func add(_ samples: [HKSample]?, _ error: (any Error)?) {
            lock.withLock {
                seen += (samples ?? []).map(\.uuid)
                if let error { failure = error }
            }
        }
        var uuids: [UUID] { lock.withLock { seen } }
        var error: (any Error)? { lock.withLock { failure } }
    }

    @Test("two processes importing for one person at once: a paging reader and a following query see each sample once")
    func twoWritersOneReader() async throws {
        // A loaded machine may start the second process after the first has finished: such a round still checks
        // the readers, but the test wants a round where the two writers' commits interleave in the change log.
        var turns = 0
        for _ in 0 ..< 4 where turns < 10 { turns = try await Self.round() }
        #expect(turns >= 10, "the writers' commits never interleaved (\(turns + 1) turns at best)")
    }

    /// Two writers and the two readers on a new person; returns how often the change log switched writers.
    static func round() async throws -> Int {
        let base = try #require(TestPostgres.url)
        let owner = "two-writers-\(UUID().uuidString.lowercased())"
        let database = try TestEngine.postgresStoreURL(owner: owner)
        let folder = TemporaryFiles.folder.appendingPathComponent("ohk-two-writers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let perWriter = 600
        let exports = try ["Writer A", "Writer B"].map { try export(source: $0, count: perWriter, in: folder) }

        let store = try HKHealthStore.owner(postgres: try #require(URL(string: base)), owner: owner)
        let follower = Follower()
        let following = HKAnchoredObjectQuery(type: HKQuantityType(.stepCount), predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, added, _, _, error in
            follower.add(added, error)
        }
        following.updateHandler = { _, added, _, _, error in follower.add(added, error) }
        store.execute(following)
        defer { store.stop(following) }

        // Small batches: each process commits a hundred transactions, interleaved with the other's.
        let finished = Follower()
        let writers = exports.map { path in
            Task.detached {
                defer { finished.markDone() }
                return try await HealthProcess.run(["import", path, "--batch", "6", "--quiet", "--database", database])
            }
        }
        var paged: [UUID] = [], sources: [String] = [], anchor: HKQueryAnchor? = nil, idlePages = 0
        var writersDone = false
        while !writersDone || idlePages < 2 {
            writersDone = finished.done == writers.count
            let (added, deleted, next) = try await page(store, after: anchor, limit: 17)
            #expect(deleted.isEmpty)
            paged += added.map(\.uuid)
            sources += added.map(\.source)
            anchor = next
            idlePages = added.isEmpty && writersDone ? idlePages + 1 : 0
            if added.isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        }
        for writer in writers {
            let result = try await writer.value
            #expect(result.status == 0, "\(result.stderr)")
        }
        let deadline = Date().addingTimeInterval(20)
        while follower.uuids.count < 2 * perWriter, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }

        let stored: [UUID] = try await withCheckedThrowingContinuation { continuation in
            store.execute(HKSampleQuery(sampleType: HKQuantityType(.stepCount), predicate: nil, limit: HKObjectQueryNoLimit,
                                        sortDescriptors: nil) { _, samples, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: (samples ?? []).map(\.uuid))
            })
        }
        #expect(stored.count == 2 * perWriter)
        #expect(paged.count == Set(paged).count, "a change was repeated to the paging reader")
        #expect(Set(paged) == Set(stored), "the paging reader missed \(Set(stored).subtracting(paged).count) changes")
        let followed = follower.uuids
        #expect(follower.error == nil, "\(String(describing: follower.error))")
        #expect(followed.count == Set(followed).count, "a change was repeated to the following query")
        #expect(Set(followed) == Set(stored), "the following query missed \(Set(stored).subtracting(followed).count) changes")
        return zip(sources, sources.dropFirst()).filter { $0 != $1 }.count
    }
}
