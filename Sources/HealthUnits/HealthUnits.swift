// HealthUnits: HealthKit's HKUnit and HKQuantity.
//
// This module knows HealthKit's unit grammar (`mg/dL`, `mmol<180.15588000005408>/L`, `mL/min·kg`),
// the dimension of every unit, and how to convert between compatible units. It depends on Foundation
// alone and performs no I/O.
