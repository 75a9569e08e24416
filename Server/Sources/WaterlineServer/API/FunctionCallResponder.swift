import Foundation
import Hummingbird
import Logging
import NIOCore
import WaterlineAPI
import WaterlineCore

/// Answers `POST /api/query|mutation|action` in the Convex wire format.
struct FunctionCallResponder: Sendable {
    static let maxBodyBytes = 1_000_000
    /// Convex's status for "the function ran and failed".
    static let functionFailed = HTTPResponse.Status(code: 560, reasonPhrase: "Function Failed")

    let registry: FunctionRegistry
    let context: ServerContext
    let logger: Logger

    /// What a call without a valid session token may send (a sign-in is well under it).
    static let maxAnonymousBodyBytes = 16_384

    /// Body bytes that cost one more call of the caller's limit: a call costs 1, and 1 more per
    /// 16 KB of body (a 1 MB body 62), since reading and parsing it is most of its work. A
    /// session's push is a few KB; a 500-log first sync about 150 KB, 10 calls.
    static let bytesPerCall = 16_384

    /// What a body of `bytes` costs beyond the call itself.
    static func bodyCost(_ bytes: Int) -> Double {
        Double(max(0, bytes) / bytesPerCall)
    }

    /// What the access log says of a call: filled in as the call is understood.
    final class CallNote {
        var function: String?
        var userId: UUID?
    }

    func respond(kindName: String, request: Request, from client: String, note: CallNote = CallNote()) async -> Response {
        guard let kind = FunctionKind(rawValue: kindName) else {
            return Self.error(.badRequest, "unknown endpoint /api/\(kindName); use query, mutation or action", status: .notFound)
        }
        // Who is calling is settled, and counted, before a byte of the body is read.
        var caller: Caller?
        var refusal: FunctionError?
        if let header = request.headers[.authorization] {
            // A token this server has not verified yet costs a signature check, which an address
            // whose anonymous bucket is empty (forged tokens count there) is refused before: a
            // flood of forged tokens meets the limit, not the CPU. A valid token takes nothing
            // from its address's bucket, so devices behind one address sign in freely. With the
            // bucket spent, a token naming an account this server knows is still checked, within
            // that account's own allowance of failed checks (`KnownAccounts`), or, when its id is
            // one this server made (`TokenClaim`), within that token's own: after a restart
            // (nothing verified yet) a neighbour's flood, even one naming the account, does not
            // keep real devices out.
            let token = Self.bearer(header)
            let known = context.tokens.verified(token)
            var checkedOn: String?
            if known == nil, let wait = context.limits.anonymous.wait(client) {
                guard let claim = context.tokens.claimedKnownAccount(token) else { return Self.rateLimited(retryAfter: wait) }
                // A token this server issued is known by its fingerprint: the real one is checked
                // whatever forgeries of it came before, and a copy of its id with another
                // signature is refused unchecked, counted against nothing the real one needs.
                if let id = claim.issuedId, let fingerprint = try? await context.repository.issuedFingerprint(of: id) {
                    guard fingerprint == SessionTokens.fingerprint(token) else {
                        return Self.error(.unauthenticated, "the session token is not valid; sign in again", status: Self.functionFailed)
                    }
                } else {
                    guard context.limits.failedChecks.wait(claim.allowanceKey) == nil else { return Self.rateLimited(retryAfter: wait) }
                    checkedOn = claim.allowanceKey
                }
            }
            do {
                caller = try await authenticate(header, known: known)
            } catch let error as FunctionError {
                refusal = error
                if let key = checkedOn { _ = context.limits.failedChecks.take(key) }
            } catch {
                // The database could not answer: a failure to retry, never a reason to sign out.
                logger.error("session token check failed", metadata: ["error": "\(error)"])
                return Self.error(.internal, "the server could not check the session token; try again", status: Self.functionFailed)
            }
        }
        note.userId = caller?.userId
        let limit = caller == nil ? Self.maxAnonymousBodyBytes : Self.maxBodyBytes
        let length = request.headers[.contentLength].flatMap { Int($0) } ?? 0
        // A body announced over the limit is refused unread (and the connection closed after
        // the answer, `ConnectionAdmission`, rather than read to its end).
        if length > limit {
            return Self.error(.payloadTooLarge, "the request body is over \(limit) bytes", status: .contentTooLarge)
        }
        // The call, and the body it announces, before a byte of the body is read.
        let announced = min(length, limit + 1)
        // Never more than a bucket holds (a limit configured below a body's cost still lets it through when full).
        let (limiter, key) = if let caller { (context.limits.users, caller.key) } else { (context.limits.anonymous, client) }
        let charge = { (count: Double) -> TimeInterval? in limiter.take(key, count: min(count, limiter.burst)) }
        if let wait = charge(1 + Self.bodyCost(announced)) { return Self.rateLimited(retryAfter: wait) }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            return Self.error(.payloadTooLarge, "the request body is over \(limit) bytes", status: .contentTooLarge)
        }
        // A body larger than announced (chunked, or no length given) pays the rest.
        let unpaid = Self.bodyCost(body.readableBytes) - Self.bodyCost(announced)
        if unpaid > 0, let wait = charge(unpaid) { return Self.rateLimited(retryAfter: wait) }
        // Read once: routing and the function's arguments come from the same reading.
        guard let call = CallBody(Data(buffer: body)) else {
            return Self.error(.badRequest, "the body is not a JSON object", status: .badRequest)
        }
        let head = call.head
        guard let path = head.path else {
            return Self.error(.badRequest, "the body has no function \"path\"", status: .badRequest)
        }
        guard head.formatIsJSON else {
            return Self.error(.badRequest, "only \"format\": \"json\" is supported", status: .badRequest)
        }
        guard head.argsAreObject else {
            return Self.error(.badRequest, "\"args\" must be a JSON object", status: .badRequest)
        }
        guard let handler = registry[path] else {
            // The name is the caller's: logged escaped and short, echoed short.
            note.function = path
            return Self.error(.unknownFunction, "no function named \(LogText.escaped(path, limit: 60))", status: Self.functionFailed)
        }
        note.function = path
        guard handler.kind == kind else {
            return Self.error(.badRequest, "\(path) is a \(handler.kind.rawValue); call it at /api/\(handler.kind.rawValue)", status: .badRequest)
        }
        if let unexpected = head.argumentNames.filter({ !handler.argumentNames.contains($0) }).min() {
            return Self.error(.invalidArgument, "\(path) takes no argument \"\(LogText.escaped(unexpected, limit: 60))\"", status: Self.functionFailed)
        }
        if handler.authenticated, caller == nil {
            let error = refusal ?? FunctionError(.unauthenticated, "sign in first: send Authorization: Bearer <session token>")
            return Self.error(error.code, error.message, status: Self.functionFailed)
        }
        do {
            let value = try await handler.run(call, handler.authenticated ? caller : nil)
            return Self.json(value, status: .ok)
        } catch let error as FunctionError {
            return Self.error(error.code, error.message, status: Self.functionFailed)
        } catch let later as RetryLater {
            return Self.rateLimited(retryAfter: later.retryAfter, later.message)
        } catch {
            logger.error("function failed", metadata: ["function": "\(path)", "error": "\(error)"])
            return Self.error(.internal, "the server could not complete \(path)", status: Self.functionFailed)
        }
    }

    /// The caller a bearer header names; `known` is its token when the cache already had it.
    private func authenticate(_ header: String, known: VerifiedToken?) async throws -> Caller {
        guard header.hasPrefix("Bearer ") else {
            throw FunctionError(.unauthenticated, "sign in first: send Authorization: Bearer <session token>")
        }
        let token = if let known { known } else { try await context.tokens.verify(Self.bearer(header)) }
        guard try await context.repository.isValid(token, now: context.now()) else {
            throw FunctionError(.unauthenticated, "the session has ended (signed out, or the account was deleted); sign in again")
        }
        return Caller(userId: token.userId, token: token)
    }

    /// The token of an `Authorization: Bearer <token>` header (the header itself when it is not one).
    static func bearer(_ header: String) -> String {
        header.hasPrefix("Bearer ") ? String(header.dropFirst("Bearer ".count)) : header
    }

    /// 429 with `Retry-After` (whole seconds, at least 1) and a RATE_LIMITED error body.
    static func rateLimited(retryAfter seconds: TimeInterval, _ message: String = "too many calls; try again in a moment") -> Response {
        var response = error(.rateLimited, message, status: .tooManyRequests)
        response.headers[.retryAfter] = String(max(1, Int(seconds.rounded(.up))))
        return response
    }

    static func error(_ code: ErrorCode, _ message: String, status: HTTPResponse.Status) -> Response {
        let body = (try? Data(WireJSON.encode(FunctionResponse<NoArgs>.error(message: message, code: code.rawValue)))) ?? Data()
        return json(body, status: status)
    }

    static func json(_ data: Data, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
