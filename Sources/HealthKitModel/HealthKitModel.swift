// HealthKitModel: HealthKit's value layer.
//
// Type identifiers and the HKObjectType tree, the HKObject/HKSample class family, sources, devices,
// metadata keys and HKError. Depends on Foundation and HealthUnits only and performs no I/O.
@_exported import HealthUnits
