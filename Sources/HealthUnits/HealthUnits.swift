// HealthUnits: HealthKit's HKUnit and HKQuantity.
//
// This module knows HealthKit's unit grammar (`mg/dL`, `mmol<180.15588000005408>/L`, `mL/min·kg`),
// the dimension of every unit, and how to convert between compatible units. It depends on Foundation
// alone and performs no I/O.
//
// Decisions where HealthKit's behaviour is unconfirmed (reference §8):
// * unitString factor order: numerator and denominator each sorted by quantity kind (time, mass, length,
//   volume, pressure, energy, power, temperature, frequency, …; see `QuantityKind`), then by symbol.
//   This reproduces the observed `mL/min·kg` and `kcal/hr·kg`; the older export form `mL/kg·min` still parses.
// * Reciprocals print as `1/s` (HealthKit's own Foundation-unit table is keyed by `1/s`, `1/ms`); the null
//   unit prints as `()` and both `""` and `()` parse to it.
// * `µ`/`μ` are accepted as micro on input; micro is always written `mc` (`mcg`, `mcS`).
// * Temperature offsets apply only to a lone `degC`/`degF`; in compounds they are plain kelvin-sized factors.
// * `dBASPL` alone is logarithmic against Pa (Pa = 10^(dB/20) × 2e-5); inside a compound it is an opaque
//   level on its own axis, convertible only to compounds of the same level (`dBASPL/min` ↔ `dBASPL/s`).
// * `%` is the dimensionless 1/100 of HealthKit's header (50 % = 0.5 count).
// * The trap message for a bad unit string is "Unable to parse unit string: <string> (<detail>)" (chosen; no
//   public record of HealthKit's exact wording was found).
