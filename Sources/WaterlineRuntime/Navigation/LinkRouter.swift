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

    /// A URL the app was asked to open; one that is not Waterline's changes nothing. The
    /// runtime's alone, as the rest: a screen sends `.openURL` and `.linkShown`.
    func open(_ url: URL) {
        if let link = DeepLink(url: url) { pending = link }
    }

    func go(to link: DeepLink) {
        pending = link
    }

    /// A screen went to `link`: it is no longer pending, unless another was asked for since.
    func shown(_ link: DeepLink) {
        if pending == link { pending = nil }
    }
}
