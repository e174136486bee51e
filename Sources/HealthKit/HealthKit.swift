// The `HealthKit` module exists only off Apple platforms. It re-exports OpenHealthKit so that
// a file written for iOS with `import HealthKit` compiles unchanged on Linux, and OpenHealthKit's
// `CoreLocation` stand-in, whose `CLLocation` HealthKit's route APIs take and return (on Apple
// platforms HealthKit's headers bring Core Location along the same way). On Apple platforms `import HealthKit` also
// brings Foundation (and with it Dispatch): a file whose only import is HealthKit uses `Date`, `UUID`, `NSPredicate`
// and `DispatchQueue`, so the module re-exports Foundation too.
@_exported import Foundation
@_exported import OpenHealthKit
// SQLite is the default engine of `HKHealthStore()` (and brings the path-based openers, OpenHealthKit extensions).
@_exported import OpenHealthKitSQLite
@_exported import CoreLocation
// On Apple platforms Foundation brings Darwin's nanosecond constants, which HealthKit code uses with DispatchTime;
// on Linux they live in Dispatch's C module, which `import Foundation` does not show.
#if canImport(CDispatch)
@_exported import let CDispatch.NSEC_PER_SEC
@_exported import let CDispatch.NSEC_PER_MSEC
@_exported import let CDispatch.NSEC_PER_USEC
@_exported import let CDispatch.USEC_PER_SEC
#endif
