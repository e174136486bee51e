public import Foundation

#if !canImport(Darwin)
// On Apple platforms `uuid as CVarArg` compiles because UUID bridges to NSUUID, so HealthKit code writes
// `NSPredicate(format: "%K == %@", HKPredicateKeyPathUUID, uuid as CVarArg)`. swift-corelibs-foundation's UUID is
// not CVarArg. This conformance follows the one Foundation itself gives `String` off Apple platforms: a C variadic
// list holds an NSString (the UUID's `uuidString`, what `%@` prints) that the list retains while it lives
// (`_CVarArgObject`), and the UUID's own encoding is never used. `NSPredicate(format:)` reads the argument as
// the UUID it is. Only off Apple platforms, where Foundation has no conformance of its own to clash with.
extension UUID: @retroactive CVarArg, @retroactive _CVarArgObject {
    /// The object a C variadic list holds for this UUID: its `uuidString` as an `NSString` (OpenHealthKit extension).
    public var _cVarArgObject: any CVarArg { NSString(string: uuidString) }

    /// Not used: variadic lists encode ``_cVarArgObject`` instead, as for `String` (traps like Foundation's `String`).
    public var _cVarArgEncoding: [Int] { fatalError("_cVarArgEncoding must be called on the UUID's _cVarArgObject instead") }
}
#endif
