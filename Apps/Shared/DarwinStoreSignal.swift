#if os(iOS)
import Foundation
import WaterlineRuntime

/// "The shared store changed", between the app and its extensions, as a Darwin notification
/// (it carries no payload; the receiver reads the store).
@MainActor
public final class DarwinStoreSignal: CrossProcessSignal {
    fileprivate static let name = "com.waterline.app.store-changed"
    private var onChange: (@MainActor () -> Void)?

    public init() {}

    public func post() {
        let center = CFNotificationCenterGetDarwinNotifyCenter()
        CFNotificationCenterPostNotification(center, CFNotificationName(Self.name as CFString), nil, nil, true)
    }

    /// Calls `onChange` on the main actor whenever another process posts. The app keeps this
    /// object for the life of the process, so the unretained observer pointer stays valid.
    public func observe(_ onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
        let observer = Unmanaged.passUnretained(self).toOpaque()
        CFNotificationCenterAddObserver(
            CFNotificationCenterGetDarwinNotifyCenter(), observer, darwinStoreSignalReceived, Self.name as CFString, nil,
            .deliverImmediately
        )
    }

    fileprivate func changed() {
        onChange?()
    }
}

/// The C callback: no captures, no actor; it finds the signal object and hops to the main actor.
private func darwinStoreSignalReceived(
    _ center: CFNotificationCenter?, _ observer: UnsafeMutableRawPointer?, _ name: CFNotificationName?,
    _ object: UnsafeRawPointer?, _ userInfo: CFDictionary?
) {
    guard let observer else { return }
    let signal = Unmanaged<DarwinStoreSignal>.fromOpaque(observer).takeUnretainedValue()
    Task { @MainActor in signal.changed() }
}
#endif
