import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WaterlineCore
@testable import WaterlineAPI
@testable import WaterlineStorage
@testable import WaterlineSync
@testable import WaterlineRuntime
@testable import WaterlineScreens
import WaterlineTestSupport

/// The backend is a choice the deployment or the person makes, and honest when absent.
@Suite("Choosing the sync server")
@MainActor
struct BackendChoiceTests {
    @Test("addresses a person may type, and the ones refused with a reason", arguments: [
        ("https://happy-otter-123.convex.cloud", "https://happy-otter-123.convex.cloud"),
        ("  https://sync.example.org:8443/  ", "https://sync.example.org:8443"),
        ("HTTPS://Sync.Example.Org", "https://Sync.Example.Org"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://localhost:8080", "http://localhost:8080"),
        ("http://[::1]:8080", "http://[::1]:8080"),
    ])
    func accepted(_ typed: String, _ kept: String) throws {
        #expect(try BackendAddress.parse(typed, allowsLoopbackHTTP: true).absoluteString == kept)
    }

    @Test("refused", arguments: [
        ("", true), ("sync.example.org", true), ("ftp://sync.example.org", true), ("http://sync.example.org", true),
        ("http://127.0.0.1:8080", false), ("https://user:secret@sync.example.org", true), ("https://sync.example.org/?token=1", true),
        ("https://example.convex.cloud", true), ("https://", true),
    ])
    func refused(_ typed: String, _ loopback: Bool) {
        #expect(throws: ValidationError.self) { try BackendAddress.parse(typed, allowsLoopbackHTTP: loopback) }
    }

    @Test("a build with no address, an unexpanded setting or the example host has none: sync is off")
    func buildSetting() {
        #expect(BackendAddress.fromBuildSetting(nil, allowsLoopbackHTTP: false) == nil)
        #expect(BackendAddress.fromBuildSetting("", allowsLoopbackHTTP: false) == nil)
        #expect(BackendAddress.fromBuildSetting("$(WATERLINE_BACKEND_URL)", allowsLoopbackHTTP: false) == nil)
        #expect(BackendAddress.fromBuildSetting("https://example.convex.cloud", allowsLoopbackHTTP: false) == nil)
        #expect(BackendAddress.fromBuildSetting("https://happy-otter-123.convex.cloud", allowsLoopbackHTTP: false)?.host == "happy-otter-123.convex.cloud")
        let chosen = URL(string: "https://sync.example.org")!
        #expect(BackendAddress.effective(chosen: chosen, build: URL(string: "https://a.convex.cloud")) == chosen)
        #expect(BackendAddress.effective(chosen: nil, build: nil) == nil)
    }

    @Test("with no server, onboarding leaves out the sign-in it could only fail, and goes on to the defaults")
    func onboardingWithoutServer() {
        let runtime = DeviceProcess(ServiceHarness()).runtime
        let onboarding = OnboardingModel(actions: runtime, permissions: runtime, preferences: MemoryPreferences(), offersSignIn: false)
        onboarding.continueTapped()
        #expect(onboarding.step == .guardrail)
        onboarding.continueTapped()
        #expect(onboarding.step == .configure)
        let withServer = OnboardingModel(actions: runtime, permissions: runtime, preferences: MemoryPreferences())
        withServer.continueTapped()
        withServer.continueTapped()
        #expect(withServer.step == .signIn)
    }

    @Test("Settings: sync is off with no server; a server typed is checked, kept, and the next call goes there")
    func settingsRow() async throws {
        let harness = try await ServiceHarness.prepared()
        let runtime = DeviceProcess(harness).runtime
        let choice = KeptBackend(build: nil)
        let settings = SettingsModel(actions: runtime, account: nil, permissions: runtime, preferences: MemoryPreferences(), backend: choice)
        #expect(!settings.isSyncAvailable)
        #expect(settings.syncServerStatus.hasPrefix("This build has no sync server, so Sign in with Apple is not offered."))
        #expect(settings.syncServerStatus.hasSuffix("set it in Advanced › Self-hosting."))
        #expect(settings.syncServerName == "Off")

        settings.serverAddress = "http://sync.example.org"
        settings.serverAddressSubmitted()
        #expect(choice.chosen == nil && settings.serverMessage == "Enter the server's address, starting with https://", "refused, saying why")

        settings.serverAddress = "https://sync.example.org/"
        settings.serverAddressSubmitted()
        #expect(choice.chosen == URL(string: "https://sync.example.org"))
        #expect(settings.isSyncAvailable && settings.serverMessage == "Syncs with sync.example.org")
        #expect(settings.syncServerName == "sync.example.org")

        // The client made at launch calls the server chosen now.
        let seen = SeenRequests()
        let client = ConvexClient(
            baseURL: RoutedTransport.placeholderBase,
            transport: RoutedTransport(base: { choice.current.value }, inner: seen)
        )
        _ = try? await client.call(Users.Me.self)
        #expect(seen.urls == [URL(string: "https://sync.example.org/api/query")!])

        settings.serverAddressReset()
        #expect(!settings.isSyncAvailable)
        await #expect(throws: ConvexError.self) { try await client.call(Users.Me.self) }
        #expect(seen.urls.count == 1, "with no server, nothing leaves the device")
    }
}

/// The person's choice, kept in memory; the transport reads it from any thread, as the app's
/// reads its defaults.
@MainActor
final class KeptBackend: BackendChoosing {
    private let build: URL?
    private(set) var chosen: URL?
    let allowsLoopbackHTTP = false
    nonisolated let current = LockedURL()

    init(build: URL?) {
        self.build = build
        current.value = build
    }

    var backendURL: URL? { BackendAddress.effective(chosen: chosen, build: build) }

    func chooseBackend(_ url: URL?) {
        chosen = url
        current.value = backendURL
    }
}

final class LockedURL: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: URL?
    var value: URL? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Records the addresses called and answers an empty error.
final class SeenRequests: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [URL] = []
    var urls: [URL] { lock.withLock { seen } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock { seen.append(request.url!) }
        return (Data(#"{"status":"error","errorMessage":"no","errorData":{"code":"UNAUTHENTICATED"}}"#.utf8),
                HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
    }
}
