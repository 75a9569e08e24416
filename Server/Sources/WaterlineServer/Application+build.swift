import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import WaterlineKit

/// Builds the HTTP application: `/api/query|mutation|action`, `/health`, and the session
/// tokens' JWKS at `/.well-known/jwks.json`.
public func buildApplication(
    configuration: ServerConfiguration,
    context: ServerContext,
    logger: Logger = Logger(label: "waterline-server"),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let responder = FunctionCallResponder(registry: FunctionRegistry(context: context), context: context, logger: logger)
    let router = Router(context: WaterlineRequestContext.self)
    router.get("health") { _, _ in
        FunctionCallResponder.json(Data(#"{"status":"ok"}"#.utf8), status: .ok)
    }
    router.get(".well-known/jwks.json") { _, _ in
        let jwks = try JSONSerialization.data(withJSONObject: context.tokens.jwks(), options: [.sortedKeys])
        return FunctionCallResponder.json(jwks, status: .ok)
    }
    router.post("api/:kind") { request, requestContext in
        await responder.respond(kindName: requestContext.parameters.get("kind") ?? "", request: request, from: requestContext.clientKey)
    }
    let readTimeout = TimeAmount.milliseconds(Int64(configuration.requestReadTimeout * 1000))
    let connections = configuration.maximumConnections ?? ConnectionLimits.maximumConnections(fileLimit: ConnectionLimits.raiseFileLimit())
    return Application(
        router: router,
        // Idle and slow connections are closed and the count is capped, so held-open sockets
        // cannot starve everyone else (or the process of file descriptors).
        server: .http1(configuration: .init(
            additionalChannelHandlers: [RequestReadTimeout(timeout: readTimeout)],
            idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000))
        )),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "waterline-server",
            availableConnectionsDelegate: MaximumAvailableConnections(connections)
        ),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// Opens storage, migrates it and assembles everything the handlers share.
public func makeServerContext(
    configuration: ServerConfiguration,
    database: Database,
    jwksSource: (any JWKSSource)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
) async throws -> ServerContext {
    let repository = WaterlineRepository(database: database)
    try await repository.migrate()
    let pem = try SessionTokens.loadOrCreateKey(pem: configuration.signingKeyPEM, in: configuration.dataDirectory)
    return ServerContext(
        repository: repository,
        apple: AppleIdentityVerifier(
            audience: configuration.appleAudience, source: jwksSource ?? URLJWKSSource(url: configuration.appleJWKSURL), now: now
        ),
        tokens: try await SessionTokens(privateKeyPEM: pem, issuer: configuration.tokenIssuer, lifetime: configuration.tokenLifetime, now: now),
        limits: CallLimits(configuration: configuration, now: now),
        now: now
    )
}
