import WaterlineCore

/// For processes that do not talk to a watch (the extensions, the command line, the watch
/// itself): the phone's app tells the watch when it next runs.
@MainActor
public final class UnavailableWatch: WatchTransport {
    public init() {}
    public func activate() {}
    public var isAvailable: Bool { false }
    public func phoneChanged(_ notice: PhoneNotice) {}
}
