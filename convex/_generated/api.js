/* Function references for every module of convex/, as `npx convex dev` generates them
   (regenerating this folder with the Convex CLI gives the same values). */
import { anyApi } from "convex/server";

/** References to the public functions: `api.sessions.upsert`. */
export const api = anyApi;
/** References to the internal functions: `internal.users.useNonce`. */
export const internal = anyApi;
