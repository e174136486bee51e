// swift-tools-version: 6.0
import PackageDescription

// OpenHealthKit: Apple's HealthKit API on Linux and every Swift platform.
//
// Layers (arrows point down only; docs/ARCHITECTURE.md has the whole picture):
//   health (CLI) -> HealthExport, HealthProviders -> HealthRecords (-> HealthFHIR) -> OpenHealthKitSQLite -> OpenHealthKit -> HealthKitModel -> HealthUnits
//                                                  HealthDatabaseSQLite -> HealthDatabase (the storage contract)
//                                                  HealthDatabasePostgres -> HealthDatabase (postgres-nio; only OpenHealthKitPostgres,
//                                                  HKHealthStore(postgres:owner:app:), depends on it)
// The value layer (HealthUnits, HealthKitModel) depends on Foundation alone and performs no I/O. OpenHealthKit
// depends on the storage contract, never on an engine. HealthLocking (`Locked<Value>`, Foundation only) sits under all of them.

var products: [Product] = [
    // HKUnit and HKQuantity alone.
    .library(name: "HealthUnits", targets: ["HealthUnits"]),
    // HealthKit's value layer: types, samples, sources, errors; no I/O.
    .library(name: "HealthKitModel", targets: ["HealthKitModel"]),
    // The storage contract, and the conformance suite a new engine must pass.
    .library(name: "HealthDatabase", targets: ["HealthDatabase"]),
    .library(name: "HealthDatabaseConformance", targets: ["HealthDatabaseConformance"]),
    // The SQLite engine.
    .library(name: "HealthDatabaseSQLite", targets: ["HealthDatabaseSQLite"]),
    // The PostgreSQL engine: every person's store in one database, laid out for Citus (postgres-nio).
    .library(name: "HealthDatabasePostgres", targets: ["HealthDatabasePostgres"]),
    // HKHealthStore on PostgreSQL: HKHealthStore(postgres:owner:app:).
    .library(name: "OpenHealthKitPostgres", targets: ["OpenHealthKitPostgres"]),
    // HKHealthStore and the query family, over any engine.
    .library(name: "OpenHealthKit", targets: ["OpenHealthKit"]),
    // OpenHealthKit with SQLite as the default engine of HKHealthStore().
    .library(name: "OpenHealthKitSQLite", targets: ["OpenHealthKitSQLite"]),
    // FHIR DSTU2/R4 models, version detection, clinical type classification and display names; no database, no crypto.
    .library(name: "HealthFHIR", targets: ["HealthFHIR"]),
    // Clinical records: ingestion of FHIR resources into a store, CDA document files, SMART Health Card import
    // (re-exports HealthFHIR; the benchmarks reach FHIR through this product).
    .library(name: "HealthRecords", targets: ["HealthRecords"]),
    // Downloading clinical records from healthcare providers: institution directory, SMART App Launch, sync.
    .library(name: "HealthProviders", targets: ["HealthProviders"]),
    .executable(name: "health", targets: ["health"]),
    // Apple Health export import/export and SMART Health Cards, as libraries (the fuzz package in Fuzz/ links them).
    .library(name: "HealthExport", targets: ["HealthExport"]),
    .library(name: "SmartHealthCards", targets: ["SmartHealthCards"]),
    // `health serve`: HealthKit over HTTP for many people and apps, the permission sheet and the dashboard.
    .library(name: "HealthServer", targets: ["HealthServer"]),
]

// Off Apple platforms OpenHealthKit brings its own small `CoreLocation` module (CLLocation and friends), which
// HealthKit's route APIs need; on Apple platforms the real framework is used.
#if canImport(Darwin)
let coreLocation: [Target.Dependency] = []
#else
let coreLocation: [Target.Dependency] = ["CoreLocation"]
#endif

var targets: [Target] = [
    // `Locked<Value>`, the one lock idiom: mutable state shared between threads lives inside it. Foundation only;
    // package access, not a product.
    .target(name: "HealthLocking"),
    // HKUnit and HKQuantity: unit grammar, dimensions, conversion. Foundation only.
    .target(name: "HealthUnits", dependencies: ["HealthLocking"]),
    // HealthKit's value layer: type catalog, HKObjectType tree, samples, sources, errors, metadata keys.
    .target(name: "HealthKitModel", dependencies: ["HealthUnits", "HealthLocking"]),
    // The storage contract: records, filters, change log, grants. No HealthKit classes, no engine.
    .target(name: "HealthDatabase", dependencies: ["HealthLocking"]),
    // The storage contract on SQLite (GRDB): WAL, migrations, indexes, change log.
    .target(
        name: "HealthDatabaseSQLite",
        dependencies: ["HealthDatabase", "HealthLocking", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // The storage contract on PostgreSQL (postgres-nio): one database for every person, owner_id leading every key,
    // per-owner change counters, LISTEN/NOTIFY, versioned migrations. Nothing else in the package depends on it.
    .target(
        name: "HealthDatabasePostgres",
        dependencies: [
            "HealthDatabase", "HealthLocking", .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Logging", package: "swift-log"),
        ]
    ),
    // The engine-agnostic conformance suite every storage engine must pass (used by engine test targets).
    .target(name: "HealthDatabaseConformance", dependencies: ["HealthDatabase"], path: "Tests/HealthDatabaseConformance"),
    // The HealthKit-compatible API surface: HKHealthStore, authorization, predicates, queries.
    // Its storage is any engine behind the contract: whoever opens the store chooses (no engine is a dependency).
    .target(name: "OpenHealthKit", dependencies: ["HealthKitModel", "HealthDatabase", "HealthLocking"] + coreLocation),
    // OpenHealthKit on SQLite: the default engine of `HKHealthStore()`, and the path-based openers.
    .target(name: "OpenHealthKitSQLite", dependencies: ["OpenHealthKit", "HealthDatabaseSQLite"]),
    // OpenHealthKit on PostgreSQL: HKHealthStore(postgres:owner:app:), a person's store in a database of everyone's.
    .target(name: "OpenHealthKitPostgres", dependencies: ["OpenHealthKit", "HealthDatabasePostgres", "HealthDatabase"]),
    // The `health` command line: commands live in a library so tests can drive them.
    .target(
        name: "HealthCLI",
        dependencies: [
            "OpenHealthKit", "OpenHealthKitSQLite", "OpenHealthKitPostgres", "HealthDatabase", "HealthDatabaseSQLite",
            "HealthDatabasePostgres", "HealthRecords", "SmartHealthCards",
            "HealthExport", "HealthProviders", "HealthServer", "HealthLocking",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
    // zlib, for raw DEFLATE (SMART Health Card payloads) and compressed exports.
    .systemLibrary(name: "CHealthZlib", path: "Sources/CHealthZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // FHIR DSTU2/R4 models, version detection, clinical type classification, display names. Foundation and the value
    // layer only: usable without a database or swift-crypto.
    .target(name: "HealthFHIR", dependencies: ["HealthKitModel"]),
    // Clinical records: ingestion of FHIR resources into a store, CDA document files, SMART Health Card import.
    .target(name: "HealthRecords", dependencies: ["HealthFHIR", "HealthKitModel", "OpenHealthKit", "SmartHealthCards"]),
    // SMART Health Cards: shc:/ QR content, compact JWS, ES256 verification, trust store, revocation.
    .target(
        name: "SmartHealthCards",
        dependencies: ["HealthKitModel", "CHealthZlib", .product(name: "Crypto", package: "swift-crypto")]
    ),
    // Apple Health export in and out: streaming export.xml import, Apple/CSV/FHIR export, demo exports.
    .target(
        name: "HealthExport",
        dependencies: [
            "OpenHealthKit", "HealthKitModel", "HealthDatabase", "HealthRecords", "HealthLocking",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]
    ),
    // Provider download: institution directory, SMART standalone patient launch, encrypted tokens, FHIR sync into
    // HealthRecords' ingestion. HTTP through Foundation's URLSession.
    .target(
        name: "HealthProviders",
        dependencies: ["HealthRecords", "HealthExport", "OpenHealthKit", "HealthKitModel", "HealthLocking", .product(name: "Crypto", package: "swift-crypto"),
                       .product(name: "_CryptoExtras", package: "swift-crypto")]
    ),
    // The server: accounts, OAuth apps and the permission sheet, HealthKit's semantics over HTTP (/v1), the
    // dashboard. Hummingbird 2 on SwiftNIO; every person's store is opened through OpenHealthKit.
    .target(
        name: "HealthServer",
        dependencies: [
            "OpenHealthKit", "OpenHealthKitSQLite", "HealthKitModel", "HealthUnits", "HealthDatabase", "HealthDatabaseSQLite",
            "HealthProviders", "HealthRecords", "HealthDatabasePostgres", "HealthLocking", "HealthExport", "SmartHealthCards",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ],
        resources: [.copy("Resources/openapi.json")]
    ),
    .executableTarget(name: "health", dependencies: ["HealthCLI"]),

    // Locates ../shared/testdata for the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // A change-monitor clock the query tests move by hand, so they wait on state instead of the wall clock.
    .target(name: "OpenHealthKitTestSupport", dependencies: ["OpenHealthKit", "HealthLocking"], path: "Tests/OpenHealthKitTestSupport"),
    .testTarget(name: "HealthUnitsTests", dependencies: ["HealthUnits", "TestSupport"]),
    .testTarget(name: "HealthKitModelTests", dependencies: ["HealthKitModel", "TestSupport"]),
    .testTarget(name: "HealthCLITests", dependencies: ["HealthCLI", "health", "OpenHealthKit", "OpenHealthKitSQLite", "OpenHealthKitPostgres",
                                                    "HealthDatabase", "HealthLocking", "TestSupport"]),
    .testTarget(
        name: "HealthDatabaseSQLiteTests",
        dependencies: ["HealthDatabaseSQLite", "HealthDatabaseConformance", "TestSupport"]
    ),
    .testTarget(
        name: "HealthDatabasePostgresTests",
        // SQLite too: the statistics summaries are checked against the reference engine's on the same records.
        dependencies: ["HealthDatabasePostgres", "HealthDatabaseConformance", "HealthDatabase", "HealthDatabaseSQLite", "TestSupport",
                       .product(name: "PostgresNIO", package: "postgres-nio")]
    ),
    .testTarget(
        name: "OpenHealthKitTests",
        dependencies: ["OpenHealthKit", "OpenHealthKitSQLite", "HealthDatabase", "HealthDatabaseSQLite", "TestSupport",
                       "OpenHealthKitTestSupport"]
    ),
    .testTarget(name: "OpenHealthKitPostgresTests", dependencies: ["OpenHealthKitPostgres", "HealthDatabasePostgres", "TestSupport"]),
    .testTarget(name: "HealthFHIRTests", dependencies: ["HealthFHIR", "HealthKitModel", "TestSupport"]),
    .testTarget(name: "HealthRecordsTests", dependencies: ["HealthRecords", "OpenHealthKitSQLite", "TestSupport"]),
    .testTarget(name: "HealthProvidersTests", dependencies: ["HealthProviders", "HealthRecords", "OpenHealthKitSQLite", "HealthLocking", "TestSupport"]),
    // OpenHealthKitPostgres: with OPENHEALTHKIT_TEST_ENGINE=postgres, tests open a person's store by its postgres:// URL.
    .testTarget(name: "HealthServerTests", dependencies: ["HealthServer", "OpenHealthKitSQLite", "OpenHealthKitPostgres", "TestSupport",
                                                        "OpenHealthKitTestSupport", "HealthRecords", "SmartHealthCards"]),
    .testTarget(name: "SmartHealthCardsTests", dependencies: ["SmartHealthCards", "TestSupport"]),
    .testTarget(
        name: "HealthExportTests",
        dependencies: [
            "HealthExport", "HealthDatabase", "HealthDatabaseSQLite", "HealthLocking", "TestSupport",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]
    ),
]

// `import HealthKit` must compile unchanged off Apple platforms, where Apple's framework does not exist.
#if !canImport(Darwin)
products.append(.library(name: "HealthKit", targets: ["HealthKit"]))
targets.append(.target(name: "HealthKit", dependencies: ["OpenHealthKit", "OpenHealthKitSQLite", "CoreLocation"]))
// `import CoreLocation` must compile too: CLLocation and its types, for HealthKit's route APIs.
products.append(.library(name: "CoreLocation", targets: ["CoreLocation"]))
targets.append(.target(name: "CoreLocation"))
// Both run on SQLite, and on PostgreSQL with OPENHEALTHKIT_TEST_ENGINE=postgres (TestSupport's TestEngine).
targets.append(.testTarget(name: "HealthKitCompatibilityTests",
                           dependencies: ["HealthKit", "HealthDatabase", "HealthDatabaseSQLite", "HealthDatabasePostgres", "TestSupport",
                                          "OpenHealthKitTestSupport"]))
// Written as apps' code and tests are: its files import only HealthKit (no Foundation), and its test doubles subclass
// HealthKit's classes.
// OpenHealthKitPostgres is linked (never imported) so that HKHealthStore(databasePath:) opens a postgres:// store.
targets.append(.testTarget(name: "HealthKitAppStyleTests", dependencies: ["HealthKit", "OpenHealthKitPostgres"]))
#endif

// Upcoming language features, on for every target: `any` spelled out on every existential, a file sees only the
// members of modules it imports itself, and an import is internal unless it says `public` or `package`.
for target in targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}

let package = Package(
    name: "OpenHealthKit",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10), .tvOS(.v17), .visionOS(.v1)],
    products: products,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
