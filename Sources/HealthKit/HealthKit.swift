// The `HealthKit` module exists only off Apple platforms. It re-exports OpenHealthKit so that
// a file written for iOS with `import HealthKit` compiles unchanged on Linux.
@_exported import OpenHealthKit
