/** The seam: what a room may plug into the core, each part named for what it does, never for a room; a part left out costs nothing. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { BookFields } from './book.ts';
import type { Logger } from './log.ts';
import type { Route as RouteOf } from './router.ts';
import type { Reply } from './send.ts';
import type { CoreSettings, Settings, Values } from './settings.ts';
import type { BookStore } from './store.ts';

/** What a handler receives, parsed once: `base` is `{base_url}` for links, checked; `representation`, a room's, when asked for. */
export interface RequestContext {
  readonly req: IncomingMessage;
  /** The body's bytes, read at the first call: a wrap and its handler get the same. */
  readonly body: () => Promise<Buffer>;
  readonly params: Readonly<Record<string, string>>;
  readonly query: ReadonlyMap<string, string>;
  readonly base: string;
  readonly requestId: string;
  readonly representation?: Representation | undefined;
}

export type Handler = (request: RequestContext) => Reply | Promise<Reply>;
/** `options`: headers its OPTIONS adds to Allow; `bodyLimit`: its largest body, BODY_LIMIT unless said; `headers`: request headers it reads. */
export type Route = RouteOf<Handler> & Readonly<{ options?: Record<string, string>; bodyLimit?: number; headers?: readonly string[] }>;
/** How node hands a request over; `arrived`, for one that waited first, is when it came in. */
export type Handle = (req: IncomingMessage, res: ServerResponse, arrived?: number) => void;

/**
 * Another representation of the resources at some routes, whose every answer then varies by Accept (api.md, Forms): `chosen` says if an
 * Accept naming its type prefers it; `book` makes a book's HAL body its own; `collection` gives what a collection adds after HAL's.
 */
export interface Representation {
  readonly paths: readonly string[];
  readonly type: string;
  readonly chosen: (accept: string) => boolean;
  readonly book: (body: Readonly<Record<string, unknown>>, base: string) => object;
  readonly collection: (base: string) => object;
}

/** Told of each request, of an answer to one node's parser could not read, and of a connection the service closed. */
export interface Observer {
  started?(): void;
  answered?(method: string, route: string, status: number, seconds: number): void;
  rejected?(status: number): void;
  closed?(reason: string): void;
}

export interface Plug {
  readonly routes?: readonly Route[];
  /** A route to use in place of one, usually with a handler that calls the route's own; the first room listed runs first. */
  readonly wrap?: (route: Route) => Route;
  readonly representation?: Representation;
  /** Changes an answer before it is sent; `template` is the route's, if one fits. */
  readonly answer?: (request: { readonly req: IncomingMessage; readonly template: string | undefined }, reply: Reply) => Reply;
  readonly observer?: Observer;
  /** Attaches to a server's connections; may return the way its requests go on to the app. */
  readonly connections?: (server: Server, handle: Handle) => Handle | void;
  /** The base URL of a request's links, in place of `fromHost()`: `http://` and its Host. */
  readonly baseUrl?: (req: IncomingMessage, authority: string | undefined, fromHost: () => string) => string;
  /** Starts what the room runs beside the core once the service listens; stops it. */
  readonly start?: () => Promise<void>;
  readonly stop?: () => void;
}

/** The core's parts a room may use; `routes` and `representations` are whole once every room is in. */
export interface Core {
  readonly settings: CoreSettings;
  readonly store: BookStore;
  readonly logger: Logger;
  readonly routes: () => readonly Route[];
  readonly representations: () => readonly Representation[];
  /** A server with the core's timeouts and every room's hold on its connections, for a room's own listener. */
  readonly createServer: (handle: Handle) => Server;
  readonly observe: Required<Pick<Observer, 'rejected' | 'closed'>>;
  /** Stores `bodyFor(book)` as a PUT of the request's book would, after its If-Match (api.md, Editing). */
  readonly edit: (request: RequestContext, bodyFor: (book: BookFields) => Readonly<Record<string, unknown>>) => Reply;
}

export interface Room<S extends Settings = Settings> {
  readonly name: string;
  readonly settings?: S;
  /** A store it offers: STORE=<its name> picks it, and it is the default. */
  readonly store?: (capacity: number) => BookStore;
  plug?(values: Values<S>, core: Core): Plug;
}

/** A room, its settings' types inferred from the object it is given. */
export const defineRoom = <S extends Settings>(room: Room<S>): Room<S> => room;
