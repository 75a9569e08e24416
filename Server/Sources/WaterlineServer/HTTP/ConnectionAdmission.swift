import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Guards each connection from its start: a client past its connection cap is closed at once;
/// a connection whose request head is not complete within `readTimeout` of the connection
/// opening (or `idleTimeout` of the previous request) is closed, however slowly its bytes
/// trickle in; and a request not fully read within `readTimeout` of its head is dropped, so a
/// client that sends slowly (or never finishes its body) cannot hold a connection. While a
/// request is being answered no timer runs (however long the answer takes, its write may be
/// stored already); the idle timer starts when the last answer's end is written.
///
/// A request refused (413, 429) before its body was read whole ends its connection after the
/// answer (`Connection: close`), in stages as RFC 9112 §9.6 asks: the server closes its side
/// first, then reads away what the client still sends, for `lingerTime` or `lingerBytes` at the
/// most, and closes. A close at once would reset the connection under a client still sending, and
/// curl (Linux's URLSession) then reports the reset instead of the refusal it was sent.
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
    /// The answer was written and this side closed: what still arrives is read and dropped.
    private var lingering = false
    private var lingered = 0
    /// Refusals after which a body still arriving is not read, only read away.
    static let refusedUnread: Set<Int> = [413, 429]
    /// How long, and how many bytes, a refused body's rest is read away before the connection
    /// closes whatever the client does.
    static let lingerTime = TimeAmount.seconds(2)
    static let lingerBytes = 8_000_000

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
        let part = unwrapInboundIn(data)
        if lingering {
            // Nothing more is answered here: the rest is counted and dropped.
            if case .body(let bytes) = part { lingered += bytes.readableBytes }
            if lingered > Self.lingerBytes { context.close(promise: nil) }
            return
        }
        switch part {
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
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in handler.value.linger(context: bound.value) }
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

    /// Closes this side once the refusal is written, and the whole connection when the client
    /// closes its own, or after `lingerTime`; a channel that cannot close one side closes at once.
    private func linger(context: ChannelHandlerContext) {
        lingering = true
        close(after: Self.lingerTime, context: context)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let halfClosed = context.eventLoop.makePromise(of: Void.self)
        halfClosed.futureResult.whenFailure { _ in bound.value.close(promise: nil) }
        context.close(mode: .output, promise: halfClosed)
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
