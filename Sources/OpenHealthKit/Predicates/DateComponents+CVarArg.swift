public import Foundation

#if !canImport(Darwin)
// On Apple platforms `components as CVarArg` compiles because DateComponents bridges to NSDateComponents, so
// activity-summary code writes `NSPredicate(format: "%K = %@", HKPredicateKeyPathDateComponents, components as CVarArg)`.
// swift-corelibs-foundation's DateComponents is not CVarArg. As for UUID (see `UUID+CVarArg.swift`), a C variadic
// list holds an NSString (the components' description, what `%@` prints) and the components' own encoding is never
// used; `NSPredicate(format:)` reads the argument as the DateComponents it is. Only off Apple platforms.
extension DateComponents: @retroactive CVarArg, @retroactive _CVarArgObject {
    /// The object a C variadic list holds for these components: their description as an `NSString` (OpenHealthKit
    /// extension).
    public var _cVarArgObject: any CVarArg { NSString(string: description) }

    /// Not used: variadic lists encode ``_cVarArgObject`` instead, as for `String` (traps like Foundation's `String`).
    public var _cVarArgEncoding: [Int] { fatalError("_cVarArgEncoding must be called on the DateComponents' _cVarArgObject instead") }
}
#endif
