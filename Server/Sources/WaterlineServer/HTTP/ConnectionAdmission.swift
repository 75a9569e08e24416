import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Guards each connection from its start: a client past its connection cap is closed at once;
/// a connection whose request head is not complete within `readTimeout` of the connection
/// opening (or `idleTimeout` of the previous request) is closed, however slowly its bytes
/// trickle in; and a request not fully read within `readTimeout` of its head is dropped, so a
/// client that sends slowly (or never finishes its body) cannot hold a connection. While a
/// request is being answered no timer runs (however long the answer takes, its write may be
/// stored already); the idle timer starts when the last answer's end is written. A request
/// refused (413, 429) before its body was read whole has its connection closed after the answer
/// (`Connection: close`) instead of the rest of its body read and thrown away.
final class ConnectionAdmission: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let clients: ConnectionsPerClient
    private let proxies: TrustedProxies
    private let readTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private var client: String?
    private var deadline: Scheduled<Void>?
    /// Requests read whole and not yet answered whole.
    private var answering = 0
    /// The request being read has sent its head and not yet its end.
    private var readingBody = false
    /// The answer being written ends the connection.
    private var closingAfterAnswer = false
    /// Refusals after which a body still arriving is not read.
    static let refusedUnread: Set<Int> = [413, 429]

    init(clients: ConnectionsPerClient, proxies: TrustedProxies, readTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.clients = clients
        self.proxies = proxies
        self.readTimeout = readTimeout
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A trusted proxy carries every client behind it: only the global cap holds it.
        if !proxies.isTrusted(context.channel.remoteAddress) {
            let key = ClientAddress.key(context.channel.remoteAddress)
            guard clients.admit(key) else {
                context.close(promise: nil)
                return
            }
            client = key
        }
        close(after: readTimeout, context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            // The rest of the request must follow within the read timeout.
            readingBody = true
            close(after: readTimeout, context: context)
        case .end:
            // Read whole: no deadline while it is answered.
            readingBody = false
            answering += 1
            deadline?.cancel()
            deadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where readingBody && Self.refusedUnread.contains(head.status.code):
            // Refused with its body still coming: the rest is not worth reading.
            closingAfterAnswer = true
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where closingAfterAnswer:
            let written = promise ?? context.eventLoop.makePromise()
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        case .end:
            answering = max(0, answering - 1)
            // The next request (keep-alive) must arrive, head complete, before the idle timeout.
            if answering == 0 { close(after: idleTimeout, context: context) }
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish()
        context.fireChannelInactive()
    }

    /// Closes the connection `timeout` from now unless the next step (a head, a request's end)
    /// comes first and sets a deadline of its own.
    private func close(after timeout: TimeAmount, context: ChannelHandlerContext) {
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
