// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for every reader of outside bytes (docs/Fuzzing.md). A package of its own, so the normal
// `swift build` / `swift test` of the repository never compiles it. Build and run with Fuzz/run.sh, which passes
// `-sanitize=fuzzer,address`; one executable holds every target, chosen by OPENHEALTHKIT_FUZZ_TARGET.
let package = Package(
    name: "OpenHealthKitFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "OpenHealthKit", path: "..")],
    targets: [
        .executableTarget(
            name: "OpenHealthKitFuzz",
            dependencies: [
                .product(name: "OpenHealthKit", package: "OpenHealthKit"),
                .product(name: "HealthRecords", package: "OpenHealthKit"),
                .product(name: "HealthExport", package: "OpenHealthKit"),
                .product(name: "SmartHealthCards", package: "OpenHealthKit"),
            ],
            // No `main`: libFuzzer's driver is started from OpenHealthKitFuzz_main (FuzzMain.swift).
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
