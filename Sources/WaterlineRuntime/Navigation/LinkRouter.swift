import Foundation
import Observation
import WaterlineCore

/// Where the app is asked to go: a `waterline://` link (a widget, the complication) or a tapped
/// notification. The link is held until a screen goes there, so one that arrives on a cold
/// launch, before any screen exists, is not lost.
@Observable
@MainActor
public final class LinkRouter {
    /// The screen asked for and not shown yet.
    public private(set) var pending: DeepLink?

    public init() {}

    /// A URL the app was asked to open; one that is not Waterline's changes nothing.
    public func open(_ url: URL) {
        if let link = DeepLink(url: url) { pending = link }
    }

    public func go(to link: DeepLink) {
        pending = link
    }

    /// A screen went there.
    public func handled() {
        pending = nil
    }
}
