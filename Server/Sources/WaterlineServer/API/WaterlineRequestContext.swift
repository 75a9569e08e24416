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

    /// The client calls are counted under (the connection's peer, an IPv6 one by its /64; a proxy
    /// in front counts as one).
    var clientKey: String {
        ClientAddress.key(remoteAddress)
    }
}
