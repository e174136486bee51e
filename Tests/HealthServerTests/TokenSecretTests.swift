import Foundation
@testable import HealthServer
import Testing

/// Token digests: what `server.sqlite` keeps instead of the secrets, so their text must never change.
@Suite struct TokenSecretTests {
    @Test("the digest is SHA-256 in lower-case hexadecimal (FIPS 180-2's test vectors)")
    func digest() {
        #expect(TokenSecret.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TokenSecret.digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
