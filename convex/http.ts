// HTTP routes: the JWKS that auth.config.ts points Convex at.
import { httpRouter } from "convex/server";
import { httpAction } from "./_generated/server";
import { publicJWKS } from "./lib/tokens";

const http = httpRouter();

http.route({
  path: "/.well-known/jwks.json",
  method: "GET",
  handler: httpAction(async () => {
    return new Response(JSON.stringify(await publicJWKS()), {
      status: 200,
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
    });
  }),
});

export default http;
