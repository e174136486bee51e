// OpenHealthKit: Apple's HealthKit API for every Swift platform.
//
// Re-exports the value layer so that `import OpenHealthKit` gives every HealthKit type.
@_exported import HealthKitModel
