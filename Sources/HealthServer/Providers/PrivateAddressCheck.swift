import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a provider address a person typed points into the server's own network: loopback, private (RFC 1918),
/// carrier-grade NAT, link-local (cloud metadata services live there), unique-local IPv6, or unspecified. The server
/// fetches such an address itself (discovery), so a person could otherwise make it reach services only it can see.
enum PrivateAddressCheck {
    /// The first address of `url`'s host that lies in the server's own network (as text), or nil when every address
    /// the host resolves to is public. A host that does not resolve is nil: the connection then fails as unreachable.
    static func privateAddress(of url: URL) -> String? {
        guard let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), !host.isEmpty else { return nil }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr, let text = privateText(address) { return text }
            entry = current.pointee.ai_next
        }
        return nil
    }

    /// The address as text when it is in the server's own network.
    private static func privateText(_ address: UnsafeMutablePointer<sockaddr>) -> String? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
            }
            return isPrivate(v4: bytes) ? bytes.map(String.init).joined(separator: ".") : nil
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            guard isPrivate(v6: bytes) else { return nil }
            return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                .joined(separator: ":")
        default:
            return nil
        }
    }

    /// IPv4: 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.168/16.
    static func isPrivate(v4 b: [UInt8]) -> Bool {
        guard b.count == 4 else { return false }
        return b[0] == 0 || b[0] == 10 || b[0] == 127 || (b[0] == 100 && b[1] & 0xC0 == 64) || (b[0] == 169 && b[1] == 254)
            || (b[0] == 172 && b[1] & 0xF0 == 16) || (b[0] == 192 && b[1] == 168)
    }

    /// IPv6: unspecified, loopback, unique-local fc00::/7, link-local fe80::/10, and IPv4-mapped private addresses.
    static func isPrivate(v6 b: [UInt8]) -> Bool {
        guard b.count == 16 else { return false }
        if b[0..<15].allSatisfy({ $0 == 0 }) { return b[15] <= 1 }
        if b[0] & 0xFE == 0xFC || (b[0] == 0xFE && b[1] & 0xC0 == 0x80) { return true }
        if b[0..<10].allSatisfy({ $0 == 0 }), b[10] == 0xFF, b[11] == 0xFF { return isPrivate(v4: Array(b[12..<16])) }
        return false
    }
}
