/// Stops the program the way HealthKit raises `NSInvalidArgumentException` on a programmer error.
///
/// HealthKit's API traps on misuse (an unknown unit string, an incompatible conversion, a bad sample).
/// OpenHealthKit keeps that behaviour in its HealthKit-compatible surface, with HealthKit's messages,
/// and offers a throwing twin of every such entry point for untrusted input.
package func raiseInvalidArgument(_ reason: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("NSInvalidArgumentException: \(reason)", file: file, line: line)
}
