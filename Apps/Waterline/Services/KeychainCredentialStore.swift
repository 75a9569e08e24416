import Foundation
import Security
import WaterlineCore
import WaterlineRuntime
import WaterlineScreens
import WaterlineSync
import WaterlineSystem

/// The session token in the keychain item the app and its extensions share.
actor KeychainCredentialStore: CredentialStore {
    private let service = "com.waterline.app.session"
    private let account = "backend"
    private let accessGroup: String?

    /// - Parameter accessGroup: the shared keychain group ("TEAMID.com.waterline.shared"), read from Info.plist.
    init(accessGroup: String? = Bundle.main.object(forInfoDictionaryKey: "WaterlineKeychainGroup") as? String) {
        self.accessGroup = accessGroup
    }

    private var query: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    func load() throws -> StoredCredential? {
        var request = query
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
        return try WaterlineCoding.decoder().decode(StoredCredential.self, from: data)
    }

    func save(_ credential: StoredCredential) throws {
        let data = try WaterlineCoding.encoder(pretty: false).encode(credential)
        let update = [kSecValueData as String: data, kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock] as CFDictionary
        let status = SecItemUpdate(query as CFDictionary, update)
        if status == errSecItemNotFound {
            var add = query
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            let added = SecItemAdd(add as CFDictionary, nil)
            guard added == errSecSuccess else { throw KeychainError(status: added) }
        } else if status != errSecSuccess {
            throw KeychainError(status: status)
        }
    }

    func clear() throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw KeychainError(status: status) }
    }
}

struct KeychainError: Error {
    var status: OSStatus
}
