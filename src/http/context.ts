/** What a handler receives: the request, parsed once, and nothing that writes a response. */
import type { IncomingMessage } from 'node:http';
import type { Reply } from './respond.ts';

export interface RequestContext {
  /** For reading headers and a body; handlers never write to the response. */
  readonly req: IncomingMessage;
  readonly params: Readonly<Record<string, string>>;
  readonly query: ReadonlyMap<string, string>;
  /** `{base_url}` for links, already checked. */
  readonly base: string;
  readonly requestId: string;
}

export type Handler = (request: RequestContext) => Reply | Promise<Reply>;
