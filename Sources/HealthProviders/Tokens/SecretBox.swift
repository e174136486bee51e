import Crypto
public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// Encrypts secrets at rest with AES-GCM (swift-crypto). The 256-bit key comes from `OPENHEALTHKIT_SECRETS_KEY`
/// (base64) or from a key file readable only by its owner, created with mode 0600 on first use; a key file others
/// may read is refused.
public struct SecretBox: Sendable {
    /// The environment variable that carries the key (base64 of 32 bytes).
    public static let environmentKey = "OPENHEALTHKIT_SECRETS_KEY"
    private let keyBytes: Data
    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// A box with a given key (32 bytes).
    public init(key: Data) throws {
        guard key.count == 32 else { throw ProviderError(.secrets, "the secrets key must be 32 bytes, not \(key.count)") }
        keyBytes = key
    }

    /// The key from the environment, else from `keyFile` (created if absent).
    public static func open(keyFile: URL, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SecretBox {
        if let text = environment[environmentKey], !text.isEmpty {
            guard let key = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ProviderError(.secrets, "\(environmentKey) is not base64")
            }
            return try SecretBox(key: key)
        }
        let path = keyFile.path
        if !FileManager.default.fileExists(atPath: path) { try create(path) }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else {
            throw ProviderError(.secrets, "\(path): the key file may be read by others (mode \(String(mode, radix: 8))); chmod 600 it")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let key = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ProviderError(.secrets, "\(path): not a base64 key")
        }
        return try SecretBox(key: key)
    }

    private static func create(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let descriptor = SecretBox.posixOpen(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw ProviderError(.secrets, "\(path): cannot create the key file (errno \(errno))") }
        defer { close(descriptor) }
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString() + "\n"
        let written = key.withCString { write(descriptor, $0, strlen($0)) }
        guard written == key.utf8.count else { throw ProviderError(.secrets, "\(path): cannot write the key file") }
    }

    /// `nonce || ciphertext || tag`.
    public func seal(_ plaintext: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else {
            throw ProviderError(.secrets, "cannot seal")
        }
        return combined
    }

    /// The plaintext of a sealed box; throws when the key is wrong or the bytes were changed.
    public func open(_ sealed: Data) throws -> Data {
        do { return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key) } catch {
            throw ProviderError(.secrets, "cannot decrypt stored secrets (wrong key, or the file was changed)")
        }
    }
}

extension SecretBox {
    static func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }
}
