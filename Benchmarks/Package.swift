// swift-tools-version: 6.0
import PackageDescription

// The speed benchmarks of docs/issue 3, kept out of the main package so `swift test` never builds them.
//
//   swift run -c release --package-path Benchmarks openhealthkit-bench all
//
// See BENCHMARKS.md at the repository root for the figures and the exact commands.
let package = Package(
    name: "OpenHealthKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "OpenHealthKit", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // One plain executable: `save`, `latest`, `anchored` or `all`, printing medians and ratios.
        // It imports HealthDatabase and HealthDatabaseSQLite (the root package's storage contract and SQLite engine)
        // to time the storage layer directly, and GRDB for the hand-written SQL.
        .executableTarget(
            name: "openhealthkit-bench",
            dependencies: [
                .product(name: "OpenHealthKit", package: "OpenHealthKit"),
                .product(name: "OpenHealthKitSQLite", package: "OpenHealthKit"),
                .product(name: "HealthDatabase", package: "OpenHealthKit"),
                .product(name: "HealthDatabaseSQLite", package: "OpenHealthKit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HealthRecords", package: "OpenHealthKit"),
                // The PostgreSQL targets (PostgresBenchmark): the engine, HKHealthStore on it, raw SQL for the fills.
                .product(name: "HealthDatabasePostgres", package: "OpenHealthKit"),
                .product(name: "OpenHealthKitPostgres", package: "OpenHealthKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
