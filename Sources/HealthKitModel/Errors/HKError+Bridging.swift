public import Foundation

// NSError → HKError, so `error as? HKError` and `catch let error as HKError` match an NSError in
// HKErrorDomain, as they do on iOS.
//
// Apple's runtime bridges an NSError to an error struct through `_ObjectiveCBridgeableError`. The Linux
// runtime ignores that protocol (which is why `NSError(domain: NSURLErrorDomain, …) as? URLError` is `nil`
// on Linux), but it does honour `_ObjectiveCBridgeable` for casts from a class instance to a value type:
// swift-corelibs-foundation bridges `CocoaError` that way. HKError adopts both: the first for Apple
// platforms, the second (whose Objective-C type is NSError) where there is no Objective-C runtime.

extension HKError: _ObjectiveCBridgeableError {
    /// The error for an NSError in ``HKErrorDomain`` with one of HealthKit's codes, keeping its user info;
    /// `nil` for any other domain or an unknown code.
    public init?(_bridgedNSError error: NSError) {
        guard error.domain == HKErrorDomain, let code = Code(rawValue: error.code) else { return nil }
        self.init(code, userInfo: error.userInfo)
    }
}

#if !canImport(ObjectiveC)
extension HKError: _ObjectiveCBridgeable {
    /// HKError bridges to and from NSError, as CocoaError does in swift-corelibs-foundation.
    public typealias _ObjectiveCType = NSError

    /// The NSError with domain ``HKErrorDomain``, the code's raw value and the user info.
    public func _bridgeToObjectiveC() -> NSError {
        NSError(domain: HKErrorDomain, code: code.rawValue, userInfo: userInfo)
    }

    /// Bridges an NSError that must be in ``HKErrorDomain`` with a known code; traps otherwise (`as!`).
    public static func _forceBridgeFromObjectiveC(_ source: NSError, result: inout HKError?) {
        guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
            fatalError("Could not bridge \(source) to HKError: not a known \(HKErrorDomain) error")
        }
    }

    /// Bridges an NSError in ``HKErrorDomain`` with a known code (`as?`); false for any other error.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSError, result: inout HKError?) -> Bool {
        result = HKError(_bridgedNSError: source)
        return result != nil
    }

    /// Bridges an NSError that must be in ``HKErrorDomain``; traps otherwise.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSError?) -> HKError {
        var result: HKError?
        _forceBridgeFromObjectiveC(source ?? NSError(domain: "", code: 0), result: &result)
        return result!
    }
}
#endif
