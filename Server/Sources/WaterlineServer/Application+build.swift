import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import WaterlineAPI
import WaterlineCore

/// Builds the HTTP application: `/api/query|mutation|action`, `/health`, the session tokens'
/// JWKS at `/.well-known/jwks.json`, and Prometheus metrics at `/metrics`; every request gets an
/// access-log line.
public func buildApplication(
    configuration: ServerConfiguration,
    context: ServerContext,
    logger: Logger = Logger(label: "waterline-server"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let registry = FunctionRegistry(context: context)
    let responder = FunctionCallResponder(registry: registry, context: context, logger: logger)
    let metrics = ServerMetrics(functions: registry.names)
    let log = AccessLog(logger: logger, metrics: metrics)
    let router = Router(context: WaterlineRequestContext.self)
    /// Times a route's answer and writes its access-log line and metrics.
    @Sendable func observed(_ route: String, _ request: Request, _ answer: (FunctionCallResponder.CallNote) async throws -> Response) async rethrows -> Response {
        let started = ContinuousClock.now
        let note = FunctionCallResponder.CallNote()
        let response = try await answer(note)
        log.record(
            method: request.method.rawValue, path: request.uri.path, route: route, function: note.function, userId: note.userId,
            status: response.status.code, duration: ContinuousClock.now - started
        )
        return response
    }
    router.get("health") { request, _ in
        await observed("health", request) { _ in FunctionCallResponder.json(Data(#"{"status":"ok"}"#.utf8), status: .ok) }
    }
    router.get(".well-known/jwks.json") { request, _ in
        try await observed("jwks", request) { _ in
            let jwks = try JSONSerialization.data(withJSONObject: context.tokens.jwks(), options: [.sortedKeys])
            return FunctionCallResponder.json(jwks, status: .ok)
        }
    }
    router.get("metrics") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition()))
        )
    }
    router.post("api/:kind") { request, requestContext in
        await observed("api", request) { note in
            let client = configuration.trustedProxies.client(peer: requestContext.remoteAddress, headers: request.headers)
            // The database's answers resume this request on its connection's loop.
            return await CallerLoop.$current.withValue(requestContext.eventLoop) {
                await responder.respond(kindName: requestContext.parameters.get("kind") ?? "", request: request, from: client, note: note)
            }
        }
    }
    let readTimeout = TimeAmount.milliseconds(Int64(configuration.requestReadTimeout * 1000))
    let connections = configuration.maximumConnections ?? ConnectionLimits.maximumConnections(fileLimit: ConnectionLimits.raiseFileLimit())
    let perClient = ConnectionsPerClient(limit: configuration.maximumConnectionsPerClient)
    let idle = TimeAmount.milliseconds(Int64(configuration.idleTimeout * 1000))
    return Application(
        router: router,
        // Idle and slow connections are closed and the count is capped, so held-open sockets
        // cannot starve everyone else (or the process of file descriptors).
        server: .http1(configuration: .init(
            additionalChannelHandlers: [ConnectionAdmission(clients: perClient, proxies: configuration.trustedProxies, readTimeout: readTimeout, idleTimeout: idle)],
            idleTimeout: idle
        )),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "waterline-server",
            availableConnectionsDelegate: MaximumAvailableConnections(connections)
        ),
        services: context.appleRevocations.flatMap { revocations in
            configuration.appleRevocationInterval.map { [AppleRevocationService(revocations: revocations, interval: .seconds($0))] }
        } ?? [],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// Opens storage, migrates it and assembles everything the handlers share.
public func makeServerContext(
    configuration: ServerConfiguration,
    database: Database,
    jwksSource: (any JWKSSource)? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    logger: Logger = Logger(label: "waterline-server")
) async throws -> ServerContext {
    let repository = WaterlineRepository(database: database)
    try await repository.migrate()
    let pem = try SessionTokens.loadOrCreateKey(pem: configuration.signingKeyPEM, in: configuration.dataDirectory)
    let tokens = try await SessionTokens(privateKeyPEM: pem, issuer: configuration.tokenIssuer, lifetime: configuration.tokenLifetime, now: now)
    tokens.accounts.insert(contentsOf: try await repository.accountIds())
    var appleLink: AppleAccountLink?
    if let key = configuration.appleSignInKey {
        appleLink = try await AppleAccountLink(clientId: configuration.appleAudience, key: key, baseURL: configuration.appleAuthURL, now: now)
    }
    return ServerContext(
        repository: repository,
        apple: AppleIdentityVerifier(
            audience: configuration.appleAudience, source: jwksSource ?? URLJWKSSource(url: configuration.appleJWKSURL), now: now
        ),
        appleLink: appleLink,
        tokens: tokens,
        limits: CallLimits(configuration: configuration, now: now),
        now: now,
        logger: logger
    )
}
