import WaterlineAPI

/// For processes that do not talk to a watch (the extensions, the command line, the watch
/// itself): the phone's app delivers to the watch when it next runs.
@MainActor
public final class UnavailableWatch: WatchTransport {
    public init() {}
    public func activate() {}
    public var isAvailable: Bool { false }
    public var complicationTransfersLeft: Int { 0 }
    public func transfer(_ delivery: PhoneDelivery) {}
    public func updateLatest(_ delivery: PhoneDelivery) {}
    public func transferForComplication(_ delivery: PhoneDelivery) {}
}
