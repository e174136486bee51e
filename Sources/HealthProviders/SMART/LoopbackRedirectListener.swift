public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// Waits for the authorization redirect on `http://127.0.0.1:PORT/callback` (RFC 8252 §7.3, loopback redirection):
/// accepts connections until one asks for the callback path, answers it with a short page, and returns the full
/// redirect URL. Binds 127.0.0.1 only.
public final class LoopbackRedirectListener: @unchecked Sendable {
    /// The port listened on (the one asked for, or the one the system chose for 0).
    public let port: Int
    /// The callback path.
    public let path: String
    private let socket: Int32

    /// Listens on 127.0.0.1:`port` (0 = any free port).
    public init(port: Int, path: String = "/callback") throws {
        self.path = path
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ProviderError(.authorization, "cannot open a socket (errno \(errno))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw ProviderError(.authorization, "cannot listen on 127.0.0.1:\(port) (errno \(errno)); choose another --redirect-port")
        }
        var actual = sockaddr_in(), length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        socket = descriptor
    }

    deinit { close(socket) }

    /// The redirect URI to register and send: `http://127.0.0.1:PORT/callback`.
    public var redirectURI: URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Blocks until the browser arrives at the callback; returns the URL it asked for.
    public func waitForRedirect() throws -> URL {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { throw ProviderError(.authorization, "the loopback listener failed (errno \(errno))") }
            defer { close(client) }
            var request = Data(), buffer = [UInt8](repeating: 0, count: 4096)
            while request.count < 65_536, request.range(of: Data("\r\n\r\n".utf8)) == nil {
                let count = recv(client, &buffer, buffer.count, 0)
                if count <= 0 { break }
                request.append(buffer, count: count)
            }
            let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self).split(separator: " ")
            guard line.count >= 2, line[0] == "GET", line[1].hasPrefix(path), let url = URL(string: "http://127.0.0.1:\(port)\(line[1])") else {
                reply(client, status: "404 Not Found", body: "Not the sign-in callback.")
                continue
            }
            reply(client, status: "200 OK", body: "Signed in. You can close this window and return to the terminal.")
            return url
        }
    }

    private func reply(_ client: Int32, status: String, body: String) {
        let text = "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = text.withCString { send(client, $0, strlen($0), 0) }
    }
}
