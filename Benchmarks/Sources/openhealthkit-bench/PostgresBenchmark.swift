import Foundation
import HealthDatabase
import HealthDatabasePostgres
import Logging
import OpenHealthKit
import OpenHealthKitPostgres
import PostgresNIO

/// Issue 21's PostgreSQL targets (BENCHMARKS.md) against the server `$OPENHEALTHKIT_BENCH_POSTGRES` names (a
/// `postgres://` URL; `.ci/postgres start` makes a throwaway one). Each benchmark keeps its stores in schemas
/// `ohk_bench_*` of their own and drops them when it ends. Large stores are filled on the server
/// (`INSERT … SELECT … generate_series` into the shipped schema, copying a sample the engine saved), so a fill takes
/// minutes.
///   pg-save    storage-layer batch save of --samples step samples in batches of --batch (≥ 70,000 samples/s)
/// (The HTTP target, ≥ 20,000 samples/s through `health serve --postgres`, is not here: a release build of HealthServer
/// crashes Swift 6.3.1's optimizer, LoopInvariantCodeMotion in SourcePriorityForm.html(_:back:).)
///   pg-latest  latest 100 heart-rate samples in 30 days of a --store-sample store via HKSampleQuery (≤ 2 ms median)
///   pg-stats   a daily statistics collection over a year of minute steps, warm (≤ 50 ms)
///   pg-owners  --people people of --per-person samples: one person's queries ≤ 1.3x their time alone; with --keep its
///              two schemas stay when it ends, and a later --keep run with the same sizes reuses them instead of filling
enum PostgresBenchmark {
    static let commands = ["pg-save", "pg-latest", "pg-stats", "pg-owners"]
    /// The schemas `--keep` leaves in place (pg-owners').
    static let kept = ["ohk_bench_owners", "ohk_bench_alone"]

    static func run(_ command: String, _ options: Options) async throws {
        guard let url = ProcessInfo.processInfo.environment["OPENHEALTHKIT_BENCH_POSTGRES"], !url.isEmpty else {
            print("\(command): set OPENHEALTHKIT_BENCH_POSTGRES to a postgres:// URL (.ci/postgres start makes one)")
            return
        }
        let sql = try await SQL(url: url)
        do {
            switch command {
            case "pg-save": try await save(url, sql, options)
            case "pg-latest": try await latest(url, sql, options)
            case "pg-stats": try await statistics(url, sql, options)
            case "pg-owners": try await owners(url, sql, options)
            default: break
            }
        } catch {
            try? await sql.dropBenchmarkSchemas(keeping: options.keep ? kept : [])
            try? await sql.close()
            throw error
        }
        try await sql.dropBenchmarkSchemas(keeping: options.keep ? kept : [])
        try await sql.close()
    }

    /// Load average (1, 5, 15 minutes), for the record.
    static var load: String { (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?" }

    // MARK: Save

    static func save(_ url: String, _ sql: SQL, _ options: Options) async throws {
        print("pg-save: \(options.samples) step samples through PostgresHealthStorage.save, batches of \(options.batch), \(options.reps) runs, load \(load)")
        var series = RateSeries(label: "PostgresHealthStorage.save")
        for rep in 0 ..< options.reps {
            let database = try PostgresHealthDatabase(url: url, schema: "ohk_bench_save_\(rep)")
            let storage = try database.storage(owner: "saver")
            var random = SplitMix64(seed: UInt64(rep + 1))
            var seconds = 0.0, cpu = 0.0, index = 0
            let serverStart = await sql.serverCPUSeconds()
            while index < options.samples {
                let count = min(options.batch, options.samples - index)
                let records = (index ..< index + count).map { HealthData.record(steps(at: $0, &random)) }
                let cpuStart = Measure.cpu()
                seconds += Measure.seconds(try Measure.time { _ = try storage.save(records) })
                cpu += Measure.cpu() - cpuStart
                index += count
            }
            let stored = try storage.count(matching: .all)
            precondition(stored == options.samples, "stored \(stored) of \(options.samples)")
            series.add(items: options.samples, seconds: seconds, cpu: cpu)
            var line = "\(Measure.rate(Double(options.samples) / seconds))/s; client \(Measure.rate(Double(options.samples) / cpu)) per CPU-second"
            if let serverStart, let serverEnd = await sql.serverCPUSeconds() {
                let server = serverEnd - serverStart
                line += ", server \(Measure.rate(Double(options.samples) / server)) per CPU-second"
                    + " (client and server together \(Measure.rate(Double(options.samples) / (cpu + server)))/s of CPU), load \(load)"
            }
            report("run \(rep + 1)", line)
        }
        series.print(target: 70_000)
    }

    /// Step sample `index`: a minute long, a minute apart, a random (v4) UUID as phones make them.
    static func steps(at index: Int, _ random: inout SplitMix64) -> HealthData.Sample {
        let start = HealthData.epoch.addingTimeInterval(Double(index) * 60)
        return HealthData.Sample(uuid: random.uuid(), stream: .phoneSteps, start: start, end: start.addingTimeInterval(59),
                                 value: Double(random.next() % 120), metadata: nil)
    }

    // MARK: Fills

    /// Saves one template sample of `type` through the engine (so its type, source and device rows are real), then
    /// copies it `count` times on the server, `spacing` seconds apart, ending at `end`; the values vary with the row.
    static func fill(_ storage: PostgresHealthStorage, _ sql: SQL, schema: String, _ sample: HealthData.Sample,
                     count: Int, spacing: Double, end: Date) async throws {
        _ = try storage.save([HealthData.record(sample)])
        let first = end.timeIntervalSince1970 - Double(count) * spacing
        let duration = sample.end.timeIntervalSince(sample.start)
        let owner = storage.ownerID, template = sample.uuid.uuidString
        var done = 0
        while done < count {
            let chunk = min(2_000_000, count - done)
            try await sql.execute("""
                INSERT INTO "\(schema)".sample (owner_id, uuid, change_seq, kind, type_id, start_time, end_time, quantity, unit,
                    original_quantity, count, category_value, source_id, device_id, sync_identifier, sync_version, parent_uuid, payload, has_fields)
                SELECT t.owner_id, gen_random_uuid(), st.last_change + g, t.kind, t.type_id, \(first) + (g + \(done)) * \(spacing),
                    \(first) + (g + \(done)) * \(spacing) + \(duration), t.quantity * (0.5 + (g % 97) / 97.0), t.unit,
                    t.original_quantity * (0.5 + (g % 97) / 97.0), t.count, t.category_value, t.source_id, t.device_id, NULL, NULL,
                    NULL, t.payload, false
                FROM "\(schema)".sample t, "\(schema)".owner_state st, generate_series(1, \(chunk)) g
                WHERE t.owner_id = \(owner) AND t.uuid = '\(template)' AND st.owner_id = \(owner)
                """)
            try await sql.execute("UPDATE \"\(schema)\".owner_state SET last_change = last_change + \(chunk) WHERE owner_id = \(owner)")
            done += chunk
        }
    }

    /// A template heart-rate sample from the watch (instantaneous, 72 count/min).
    static func heartRate(at date: Date) -> HealthData.Sample {
        HealthData.Sample(uuid: UUID(), stream: .heartRate, start: date, end: date, value: 72, metadata: nil)
    }

    /// A template step sample from the phone (a minute, 80 steps).
    static func stepSample(at date: Date) -> HealthData.Sample {
        HealthData.Sample(uuid: UUID(), stream: .phoneSteps, start: date, end: date.addingTimeInterval(59), value: 80, metadata: nil)
    }

    // MARK: Latest

    /// The latest 100 heart-rate samples in the last 30 days before `end`, through HKSampleQuery.
    static func latestQuery(_ store: HKHealthStore, end: Date) throws -> Int {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Int, any Error> = .success(0)
        let query = HKSampleQuery(sampleType: HealthData.heartRate, predicate: HKQuery.predicateForSamples(withStart: end.addingTimeInterval(-30 * 86_400), end: end),
                                  limit: 100, sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]) { _, samples, error in
            result = error.map { .failure($0) } ?? .success(samples?.count ?? 0)
            done.signal()
        }
        store.execute(query)
        done.wait()
        return try result.get()
    }

    static func medianMilliseconds(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var times: [Double] = []
        for _ in 0 ..< runs { times.append(Measure.seconds(try Measure.time(body)) * 1000) }
        return Measure.median(times)
    }

    static func latest(_ url: String, _ sql: SQL, _ options: Options) async throws {
        let schema = "ohk_bench_latest", end = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
        print("pg-latest: a \(options.store)-sample store (60% heart rate every 50 s, 40% steps every 75 s), load \(load)")
        let database = try PostgresHealthDatabase(url: url, schema: schema)
        let storage = try database.storage(owner: "latest")
        let heart = options.store * 6 / 10, steps = options.store - heart
        let fillTime = try await Measure.seconds(timeAsync {
            try await fill(storage, sql, schema: schema, heartRate(at: Date(timeIntervalSince1970: 0)), count: heart, spacing: 50, end: end)
            try await fill(storage, sql, schema: schema, stepSample(at: Date(timeIntervalSince1970: 60)), count: steps, spacing: 75, end: end)
            try await sql.execute("ANALYZE \"\(schema)\".sample")
        })
        report("filled on the server", String(format: "%.0f s", fillTime))
        let store = HKHealthStore.owner(storage: storage)
        let found = try latestQuery(store, end: end)
        precondition(found == 100, "found \(found) of 100")
        let median = try medianMilliseconds(options.queries) { _ = try latestQuery(store, end: end) }
        report("HKSampleQuery, latest 100 in 30 days", "\(String(format: "%.3f", median)) ms median of \(options.queries) (target ≤ 2 ms), load \(load)")
    }

    static func timeAsync(_ body: () async throws -> Void) async rethrows -> Duration {
        let start = ContinuousClock.now
        try await body()
        return ContinuousClock.now - start
    }

    // MARK: Statistics

    /// A daily cumulative-sum collection over `days` days ending at `end`.
    static func dailySums(_ store: HKHealthStore, type: HKQuantityType, options: HKStatisticsOptions, end: Date, days: Int) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let start = end.addingTimeInterval(-Double(days) * 86_400)
        let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: HKQuery.predicateForSamples(withStart: start, end: end),
                                                options: options, anchorDate: start, intervalComponents: DateComponents(day: 1))
        query.intervalCalendar = calendar
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Int, any Error> = .success(0)
        query.initialResultsHandler = { _, collection, error in
            result = error.map { .failure($0) } ?? .success(collection?.statistics().count ?? 0)
            done.signal()
        }
        store.execute(query)
        done.wait()
        store.stop(query)
        return try result.get()
    }

    static func statistics(_ url: String, _ sql: SQL, _ options: Options) async throws {
        let schema = "ohk_bench_stats", end = Date(timeIntervalSince1970: 1_767_225_600)
        print("pg-stats: a year of minute steps (525,600 samples), daily cumulativeSum, load \(load)")
        let storage = try PostgresHealthDatabase(url: url, schema: schema).storage(owner: "stats")
        try await fill(storage, sql, schema: schema, stepSample(at: Date(timeIntervalSince1970: 60)), count: 525_600, spacing: 60, end: end)
        try await sql.execute("ANALYZE \"\(schema)\".sample")
        try storage.prepareSlotSums()
        let store = HKHealthStore.owner(storage: storage)
        let days = try dailySums(store, type: HealthData.stepCount, options: .cumulativeSum, end: end, days: 365)
        precondition(days == 365, "\(days) days of 365")
        let median = try medianMilliseconds(20) { _ = try dailySums(store, type: HealthData.stepCount, options: .cumulativeSum, end: end, days: 365) }
        report("daily cumulativeSum, 1 year, warm", "\(String(format: "%.2f", median)) ms median of 20 (target ≤ 50 ms), load \(load)")
        let bySource = try medianMilliseconds(20) {
            _ = try dailySums(store, type: HealthData.stepCount, options: [.cumulativeSum, .separateBySource], end: end, days: 365)
        }
        report("the same, separateBySource", "\(String(format: "%.2f", bySource)) ms median of 20")
    }

    // MARK: Many people

    /// One person's two queries (latest 100 heart rates in 30 days; daily average heart rate over 60 days).
    static func personQueries(_ store: HKHealthStore, end: Date, runs: Int) throws -> (Double, Double) {
        let latest = try medianMilliseconds(runs) { _ = try latestQuery(store, end: end) }
        let daily = try medianMilliseconds(max(5, runs / 10)) {
            _ = try dailySums(store, type: HealthData.heartRate, options: .discreteAverage, end: end, days: 60)
        }
        return (latest, daily)
    }

    static func owners(_ url: String, _ sql: SQL, _ options: Options) async throws {
        let people = options.people, perPerson = options.perPerson, end = Date(timeIntervalSince1970: 1_767_225_600)
        let spacing = 60.0
        print("pg-owners: \(people) people × \(perPerson) heart-rate samples in one database, against one person alone, load \(load)")
        var reuse = false
        if options.keep {
            reuse = try await sql.filled("ohk_bench_owners", people: people, perPerson: perPerson)
            if reuse { reuse = try await sql.filled("ohk_bench_alone", people: 1, perPerson: perPerson) }
        }
        if !reuse { try await sql.dropBenchmarkSchemas(keeping: []) }  // a partial fill a --keep run left
        let shared = try PostgresHealthDatabase(url: url, schema: "ohk_bench_owners")
        let alone = try PostgresHealthDatabase(url: url, schema: "ohk_bench_alone").storage(owner: "person-alone")
        if reuse {
            report("kept from a run before", "\(people) people and one alone, not filled again")
        } else {
            let fillTime = try await Measure.seconds(timeAsync {
                for person in 0 ..< people {
                    let storage = try shared.storage(owner: "person-\(person)")
                    try await fill(storage, sql, schema: "ohk_bench_owners", heartRate(at: Date(timeIntervalSince1970: Double(person))),
                                   count: perPerson, spacing: spacing, end: end)
                    if person % 50 == 49 { report("filled", "\(person + 1) people, load \(load)") }
                }
                // Both tables as autovacuum leaves a live server: vacuumed (visibility map set) and analyzed. Without
                // it the small table is vacuumed by autovacuum during the fill and the large one is not, which
                // compares states.
                try await sql.execute("VACUUM (ANALYZE) \"ohk_bench_owners\".sample")
            })
            report("filled on the server", String(format: "%.0f s", fillTime))
            try await fill(alone, sql, schema: "ohk_bench_alone", heartRate(at: Date(timeIntervalSince1970: 0)), count: perPerson, spacing: spacing, end: end)
            try await sql.execute("VACUUM (ANALYZE) \"ohk_bench_alone\".sample")
        }
        let among = HKHealthStore.owner(storage: try shared.storage(owner: "person-\(people / 2)"))
        let single = HKHealthStore.owner(storage: alone)
        var ratios: [(Double, Double)] = []
        for round in 0 ..< 3 {  // alternating, so drift in the machine's load hits both alike
            let a = try personQueries(among, end: end, runs: options.queries)
            let b = try personQueries(single, end: end, runs: options.queries)
            ratios.append((a.0 / b.0, a.1 / b.1))
            report("round \(round + 1)", String(format: "latest %.3f vs %.3f ms, daily average %.2f vs %.2f ms", a.0, b.0, a.1, b.1))
        }
        let figures = String(format: "latest %.2fx, daily average %.2fx", Measure.median(ratios.map(\.0)), Measure.median(ratios.map(\.1)))
        report("among \(people) people / alone", "\(figures) (median of rounds; target ≤ 1.3x), load \(load)")
    }
}

/// One connection for the benchmark's own SQL (fills, counts, dropping schemas).
final class SQL: @unchecked Sendable {
    private let connection: PostgresConnection
    private let logger = Logger(label: "bench")

    init(url: String) async throws {
        connection = try await PostgresConnection.connect(configuration: try PostgresLocation(url: url).configuration, id: 1, logger: logger)
    }

    func execute(_ text: String) async throws {
        _ = try await connection.query(PostgresQuery(unsafeSQL: text), logger: logger).collect()
    }

    func integer(_ text: String) async throws -> Int {
        for try await value in try await connection.query(PostgresQuery(unsafeSQL: text), logger: logger).decode(Int.self) { return value }
        return 0
    }

    /// The CPU seconds the server's processes (backends and background processes alive now) have used, read from
    /// `/proc` through `pg_read_file`: nil unless the server runs on this machine and the role is a superuser.
    func serverCPUSeconds() async -> Double? {
        guard let ticks = try? await integer("""
            SELECT coalesce(sum(a[12]::int8 + a[13]::int8), 0)::int8 FROM pg_stat_activity,
                string_to_array(split_part(pg_read_file('/proc/' || pid || '/stat'), ') ', 2), ' ') AS a
            """) else { return nil }
        return Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Drops every `ohk_bench_*` schema (the benchmark's stores) but those `keeping` names.
    func dropBenchmarkSchemas(keeping: [String]) async throws {
        var names: [String] = []
        for try await name in try await connection.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'ohk_bench_%'", logger: logger).decode(String.self) {
            names.append(name)
        }
        for name in names where !keeping.contains(name) { try await execute("DROP SCHEMA \"\(name)\" CASCADE") }
    }

    /// Whether `schema` holds `people` owners whose fills (`PostgresBenchmark.fill`: one template sample saved, then
    /// `perPerson` copies) all finished, as a `--keep` run left it.
    func filled(_ schema: String, people: Int, perPerson: Int) async throws -> Bool {
        guard try await integer("SELECT count(*)::int8 FROM pg_namespace WHERE nspname = '\(schema)'") == 1 else { return false }
        let owners = try await integer("SELECT count(*)::int8 FROM \"\(schema)\".owner_state")
        let complete = try await integer("SELECT count(*)::int8 FROM \"\(schema)\".owner_state WHERE last_change = \(perPerson + 1)")
        return owners == people && complete == people
    }

    func close() async throws { try await connection.close() }
}
