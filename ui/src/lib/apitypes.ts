/**
 * The API's types, generated from the API document (ui/src/generated/api.d.ts, written by
 * `npm run gen:api` from ui/src/generated/openapi.json, which `go test ./app -run
 * TestOpenAPIIsGenerated -update` writes from the Go types each route declares). Named by
 * operationId, as the mobile team's client is: Resp<'getMe'> is what GET /api/auth/me answers,
 * Body<'updateProfile'> what PATCH /api/account takes, Query<'listSubmissions'> its query.
 * Never type an answer again by hand: alias it here or where it is used. Types only — nothing
 * of this reaches the browser.
 */
import type { components, operations } from '../generated/api';

export type OperationId = keyof operations;

type JSONOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;
type Responses<O extends OperationId> = operations[O]['responses'];

/** The JSON a successful call of operation O answers (its 200, 201 or 202). */
export type Resp<O extends OperationId> = JSONOf<Responses<O>[Extract<keyof Responses<O>, 200 | 201 | 202>]>;

/** The JSON body operation O takes. */
export type Body<O extends OperationId> = JSONOf<NonNullable<operations[O]['requestBody']>>;

/** The query parameters of operation O. */
export type Query<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;

/** A named schema of the document ("AccountsUserView"), for a type used by several operations. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];
