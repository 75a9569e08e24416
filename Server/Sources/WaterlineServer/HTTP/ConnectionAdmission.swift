import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Guards each connection from its start: a client past its connection cap is closed at once,
/// and a connection whose request head is not complete within `headTimeout` of the connection
/// opening (or `idleTimeout` of the previous request) is closed, however slowly its bytes
/// trickle in. (`RequestReadTimeout` bounds the rest of a request once its head is in.)
final class ConnectionAdmission: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let clients: ConnectionsPerClient
    private let headTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private var client: String?
    private var deadline: Scheduled<Void>?

    init(clients: ConnectionsPerClient, headTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.clients = clients
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let key = ClientAddress.key(context.channel.remoteAddress)
        guard clients.admit(key) else {
            context.close(promise: nil)
            return
        }
        client = key
        expectHead(within: headTimeout, context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            deadline = nil
        case .end:
            // The next request (keep-alive) must arrive, head complete, before the idle timeout.
            expectHead(within: idleTimeout, context: context)
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    private func expectHead(within timeout: TimeAmount, context: ChannelHandlerContext) {
        deadline?.cancel()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) { bound.value.close(promise: nil) }
    }

    /// Releases the connection's place once, whichever of removal and inactivity comes first.
    private func finish() {
        deadline?.cancel()
        deadline = nil
        if let client {
            clients.release(client)
            self.client = nil
        }
    }
}
