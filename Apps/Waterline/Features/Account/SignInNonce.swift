import CryptoKit
import Foundation
import Security

/// A fresh random nonce for Sign in with Apple: Apple gets its SHA-256, the backend the raw value.
struct SignInNonce {
    let raw: String

    init() {
        var bytes = [UInt8](repeating: 0, count: 32)
        _ = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        raw = bytes.map { String(format: "%02x", $0) }.joined()
    }

    var sha256: String {
        SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
