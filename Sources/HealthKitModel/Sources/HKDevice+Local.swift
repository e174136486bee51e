import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

extension HKDevice {
    /// The device this program runs on.
    ///
    /// On Linux: name = host name, model = kernel name (`uname -s`, e.g. `"Linux"`), hardware version =
    /// machine (`uname -m`, e.g. `"x86_64"`), software version = the operating-system version
    /// (`"6.8.0"`), local identifier and manufacturer `nil` (Apple platforms: manufacturer `"Apple Inc."`).
    public class func local() -> HKDevice {
        let system = UnameInfo.current
        #if canImport(Darwin)
        let manufacturer: String? = "Apple Inc."
        #else
        let manufacturer: String? = nil
        #endif
        return HKDevice(
            name: ProcessInfo.processInfo.hostName, manufacturer: manufacturer, model: system?.sysname,
            hardwareVersion: system?.machine, firmwareVersion: nil,
            softwareVersion: ProcessInfo.processInfo.operatingSystemVersion.healthVersionString,
            localIdentifier: nil, udiDeviceIdentifier: nil
        )
    }
}

/// The kernel name and machine reported by `uname(2)`.
private struct UnameInfo {
    let sysname: String
    let machine: String

    static var current: UnameInfo? {
        var info = utsname()
        guard uname(&info) == 0 else { return nil }
        return UnameInfo(sysname: field(&info.sysname), machine: field(&info.machine))
    }

    private static func field<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
