import Hummingbird
import NIOCore

/// The request context, with the peer's address for per-address limits.
public struct WaterlineRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The address calls are counted under (the connection's peer; a proxy in front counts as one).
    var clientKey: String {
        remoteAddress?.ipAddress ?? "unknown"
    }
}
