import HummingbirdCore
import NIOHTTPTypes
import NIOCore

/// Closes a connection whose request is not fully read within `timeout` of its head arriving:
/// a client that sends a request slowly (or never finishes its body) cannot hold a connection.
/// Connections with no request at all are closed by the idle timeout.
final class RequestReadTimeout: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    private var pending: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            pending?.cancel()
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            pending = context.eventLoop.scheduleTask(in: timeout) { bound.value.close(promise: nil) }
        case .end:
            pending?.cancel()
            pending = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        pending?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        pending?.cancel()
        context.fireChannelInactive()
    }
}
