import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  RouteOptions,
  RouteShorthandOptions,
  preValidationHookHandler,
} from "fastify";
import type { Contract, ContractKey } from "../../shared/contract";
import { splitKey, type Access, type Endpoint, type EndpointKey } from "../../shared/contract/endpoint";
import { requireAdmin, requirePro, requireUser } from "../auth/sessions";
import { refuseSanctioned } from "../auth/sanction";
import type { SessionUser } from "./request-user";
import { fastifySchema, type ContractRequest, type JsonResponses } from "./contract-schemas";

// Each server feature is one Fastify plugin that implements its part of the contract
// (decision 044): an object with one handler per endpoint, typed by the endpoint's declaration.
// A handler left out, one the contract does not declare, or one whose request or response does not
// match its declaration is a compile error. The guard comes from the declaration too: the
// registrar puts the check `access` names (and `sanctioned`'s) before validation, so no handler
// checks who is calling, and a visitor never learns which field was wrong.

/** Who a handler may be called by: anyone (null for a visitor), or the signed-in member the guard let through. */
export type Caller<A extends Access> = A extends "everyone" ? SessionUser | null : SessionUser;

/** A handler: the request as its declaration's schemas output it, and the caller its access lets in. */
export type Handler<K extends ContractKey> = (
  request: ContractRequest<K>,
  reply: FastifyReply,
  caller: Caller<Contract[K]["access"]>,
) => Promise<JsonResponses<Contract[K]> | FastifyReply | void>;

/** A handler with what the declaration does not say: its rate limit's figures, body parsing, compression. */
export interface HandlerWithOptions<K extends ContractKey> {
  /** Never a guard: the declaration's access is the guard. */
  options: Omit<RouteShorthandOptions, "schema" | "preValidation">;
  handler: Handler<K>;
}

/** One implementation per key: a handler, or a handler with route options. */
export type Handlers<Keys extends ContractKey> = { [K in Keys]: Handler<K> | HandlerWithOptions<K> };

/** Keys an implementation has that the endpoints do not declare: each must be `never`, so any is an error. */
type NoOthers<Keys, T> = { [X in Exclude<keyof T, Keys>]: never };

/** The endpoints a plugin implements: a domain's record, or part of one (`pickEndpoints`). */
type Declarations = { [K in ContractKey]?: Endpoint };

/** The guard of each access: who may call is checked before the request's parts are validated. */
const ACCESS_GUARDS: Record<Access, preValidationHookHandler | null> = {
  everyone: null,
  members: requireUser,
  admins: requireAdmin,
  pro: requirePro,
};

const refuseSanctionedCaller: preValidationHookHandler = async (request) => {
  if (request.user) refuseSanctioned(request.user);
};

/** The guards an endpoint's declaration names, in the order they are checked. */
function guardsOf(endpoint: Endpoint): preValidationHookHandler[] {
  const guards: preValidationHookHandler[] = [];
  const access = ACCESS_GUARDS[endpoint.access];
  if (access) guards.push(access);
  if (endpoint.sanctioned) guards.push(refuseSanctionedCaller);
  return guards;
}

/**
 * The plugin of a feature: `implement` gets the app (scoped to the plugin) and the plugin's
 * dependencies, and returns the handlers of every endpoint in `endpoints`, no more and no fewer.
 */
export function contractPlugin<
  const E extends Declarations,
  Deps extends object,
  T extends Handlers<keyof E & ContractKey>,
>(
  endpoints: E,
  implement: (app: FastifyInstance, deps: Deps) => T & NoOthers<keyof E, T>,
): FastifyPluginAsync<Deps> & { endpoints: E } {
  const plugin = async (app: FastifyInstance, deps: Deps) => {
    const handlers = implement(app, deps) as unknown as Record<
      string,
      Handler<ContractKey> | HandlerWithOptions<ContractKey>
    >;
    for (const [key, endpoint] of Object.entries(endpoints) as [EndpointKey, Endpoint][]) {
      const implementation = handlers[key];
      if (!implementation) throw new Error(`${key} has no handler`);
      const { options, handler } =
        typeof implementation === "function" ? { options: {}, handler: implementation } : implementation;
      const { method, path } = splitKey(key);
      const guards = guardsOf(endpoint);
      app.route({
        ...options,
        method,
        url: path,
        schema: fastifySchema(endpoint),
        ...(guards.length ? { preValidation: guards } : {}),
        handler: (request, reply) => handler(request as never, reply, request.user as never),
      } as RouteOptions);
    }
  };
  return Object.assign(plugin, { endpoints });
}

/** Part of a domain's endpoints, for a domain whose routes more than one feature serves. */
export function pickEndpoints<const E extends Declarations, const K extends keyof E>(
  endpoints: E,
  ...keys: K[]
): Pick<E, K> {
  return Object.fromEntries(keys.map((key) => [key, endpoints[key]])) as Pick<E, K>;
}
