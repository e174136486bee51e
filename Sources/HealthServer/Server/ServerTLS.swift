import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOSSL

/// The server's own HTTPS: the certificate chain and key read from PEM files when it starts, or plain HTTP.
enum ServerTLS {
    /// The HTTP/1.1 server, wrapped in TLS with the files in `files` when given.
    ///
    /// - Throws: ``ServerError/badRequest(_:)`` naming the file that cannot be read as a PEM certificate or key.
    static func builder(_ files: (certificateChain: String, privateKey: String)?) throws -> HTTPServerBuilder {
        guard let files else { return .http1() }
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain) } catch {
            throw ServerError.badRequest("\(files.certificateChain) is not a readable PEM certificate chain: \(error)")
        }
        guard !chain.isEmpty else { throw ServerError.badRequest("\(files.certificateChain) holds no certificate") }
        let key: NIOSSLPrivateKey
        do { key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem) } catch {
            throw ServerError.badRequest("\(files.privateKey) is not a readable PEM private key: \(error)")
        }
        let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                     privateKey: .privateKey(key))
        return try .tls(.http1(), tlsConfiguration: configuration)
    }
}
