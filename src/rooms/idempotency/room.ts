/**
 * Safe retries, as a room (api.md, Safe retries): a POST sent with an `Idempotency-Key` gets the
 * answer its first request got, however often it is sent again, and the catalogue changes once.
 * Each answer is kept with a fingerprint of its request (method, path, body bytes), so that the key
 * sent with another request is told apart; a retry while the first is still under way is told so.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Problem } from '../../core/failures.ts';
import { parseTarget } from '../../core/request.ts';
import { defineRoom, type Handler, type RequestContext, type Route } from '../../core/rooms.ts';
import type { Reply } from '../../core/send.ts';
import { integer } from '../../core/settings.ts';
import { KeptAnswers } from './kept-answers.ts';

export const HEADER = 'Idempotency-Key';
/** How many answers, and how many bytes of them, are kept at most; the oldest go first. */
export const BOUNDS = { keys: 10_000, bytes: 32 * 1024 * 1024 };
const PROBLEM = 'urn:book-catalogue:problem:idempotency-key-';
/** A Structured Field string (RFC 8941, 3.3.3) of visible ASCII: `"` and `\` inside it escaped with `\`. */
const SF_STRING = /^"((?:[\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/;
const MAX_KEY = 255;

/** What a problem answer is, without the Error that carried it (its stack would be kept too). */
type ProblemData = Pick<Problem, 'status' | 'message' | 'type' | 'title' | 'errors' | 'headers'>;
/** An answer as it is kept: a reply whose body is the bytes it was sent as, or the problem it was. */
type Answer = { readonly reply: Reply } | { readonly problem: ProblemData };

export const idempotency = defineRoom({
  name: 'idempotency',
  settings: { ttlSeconds: { name: 'IDEMPOTENCY_TTL_S', shown: '86400', fallback: 86_400, parse: integer(1, 31_536_000) } },
  plug({ ttlSeconds }) {
    const kept = new KeptAnswers<Answer>({ ...BOUNDS, ttlMs: ttlSeconds * 1000 });
    return {
      wrap: (route: Route): Route =>
        route.method !== 'POST'
          ? route
          : { ...route, headers: [...(route.headers ?? []), HEADER], handler: (request) => once(request, route.handler) },
    };

    /** A POST's answer: without a key, as always; with one, the kept answer again, or the first answer, kept. */
    async function once(request: RequestContext, handler: Handler): Promise<Reply> {
      const key = keyOf(request);
      if (key === undefined) return handler(request);
      const entry = kept.get(key);
      if (entry?.state === 'in-flight')
        throw new Problem(409, `A request with this ${HEADER} is still being handled; retry once it is answered`, {
          type: `${PROBLEM}in-flight`,
          title: 'Idempotency key in flight',
        });
      if (entry?.state === 'kept') {
        const fingerprint = fingerprintOf(request, await request.body());
        if (fingerprint !== entry.fingerprint)
          throw new Problem(422, `This ${HEADER} was sent with another request: a new request needs a new key`, {
            type: `${PROBLEM}reused`,
            title: 'Idempotency key reused',
          });
        return replay(entry.answer);
      }
      const begun = kept.begin(key);
      // The handler reads the body through this, so that the room knows whether it did.
      let read: Promise<Buffer> | undefined;
      const body = (): Promise<Buffer> => (read ??= request.body());
      let answer: Answer;
      try {
        answer = { reply: await handler({ ...request, body }) };
      } catch (error) {
        if (!(error instanceof Problem)) {
          kept.forget(key, begun);
          throw error;
        }
        const { status, message, type, title, errors, headers } = error;
        answer = { problem: { status, message, type, title, errors, headers } };
      }
      // The fingerprint needs the whole body. One the handler did not need (a 415) is read now, unless the client holds it
      // back behind Expect: 100-continue: inviting a body only to fingerprint a refusal would be wrong. A body never had
      // whole (that one, one over the limit, one cut short) keeps nothing, and frees the key.
      if (read === undefined && request.req.headers.expect === undefined) void body();
      const bytes = await read?.catch(() => undefined);
      const status = 'reply' in answer ? answer.reply.status : answer.problem.status;
      // A 5xx may go otherwise next time; a body streamed out is not known here, to keep.
      const streamed = 'reply' in answer && answer.reply.body instanceof Readable;
      if (bytes === undefined || status >= 500 || streamed) kept.forget(key, begun);
      else {
        if ('reply' in answer) answer = { reply: asBytes(answer.reply) };
        kept.keep(key, begun, fingerprintOf(request, bytes), answer, sizeOf(answer));
      }
      return 'reply' in answer ? answer.reply : replay(answer, {});
    }
  },
});

/** The request's key, checked; undefined when it has none. */
function keyOf({ req }: RequestContext): string | undefined {
  const given = req.rawHeaders.filter((_, index) => index % 2 === 0).filter((name) => name.toLowerCase() === 'idempotency-key');
  if (given.length === 0) return undefined;
  if (given.length > 1) throw new Problem(400, `${HEADER} must be sent once`);
  const key = SF_STRING.exec(req.headers['idempotency-key'] as string)?.[1]?.replace(/\\(["\\])/g, '$1');
  if (key === undefined || key.length === 0 || key.length > MAX_KEY)
    throw new Problem(400, `${HEADER} must be a quoted string of 1 to ${MAX_KEY} visible ASCII characters, such as "4b1e3c2a-17"`);
  return key;
}

const fingerprintOf = ({ req }: RequestContext, body: Buffer): string =>
  createHash('sha256')
    .update(`${req.method} ${parseTarget(req.url ?? '/').path}\n`)
    .update(body)
    .digest('base64');

/** A reply whose JSON body is serialised now, once: what is kept is the bytes sent, and `send` gives the same bytes the same ETag. */
function asBytes(reply: Reply): Reply {
  if (reply.body === undefined || Buffer.isBuffer(reply.body)) return reply;
  return { ...reply, body: Buffer.from(JSON.stringify(reply.body)) };
}

/** About how many bytes an answer holds: its body and its headers. */
function sizeOf(answer: Answer): number {
  if ('problem' in answer) return Buffer.byteLength(JSON.stringify(answer.problem));
  const { headers = {}, body } = answer.reply;
  return (Buffer.isBuffer(body) ? body.length : 0) + Buffer.byteLength(JSON.stringify(headers));
}

const REPLAYED = { 'idempotent-replayed': 'true' };

/** The answer, with `extra` headers: a kept one again, saying it is a replay; or a problem as it was first thrown. */
function replay(answer: Answer, extra: Record<string, string> = REPLAYED): Reply {
  if ('reply' in answer) return { ...answer.reply, headers: { ...answer.reply.headers, ...extra } };
  const { status, message, type, title, errors, headers } = answer.problem;
  throw new Problem(status, message, { type, title, errors, headers: { ...headers, ...extra } });
}
