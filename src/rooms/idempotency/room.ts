/**
 * Safe retries, as a room (api.md, Safe retries): a POST sent with an `Idempotency-Key` gets the
 * answer its first request got, however often it is sent again, and the catalogue changes once.
 * Each answer is kept with a fingerprint of its request (method, path, body bytes), so that the key
 * sent with another request is told apart; a retry while the first is still under way is told so.
 */
import { createHash } from 'node:crypto';
import { Problem } from '../../core/failures.ts';
import { parseTarget } from '../../core/request.ts';
import { defineRoom, type Handler, type RequestContext, type Route } from '../../core/rooms.ts';
import type { Reply } from '../../core/send.ts';
import { integer } from '../../core/settings.ts';
import { KeptAnswers } from './kept-answers.ts';

export const HEADER = 'Idempotency-Key';
/** How many answers, and how many bytes of them, are kept at most; the oldest go first. */
export const BOUNDS = { keys: 10_000, bytes: 32 * 1024 * 1024 };
const REPLAYED = { 'idempotent-replayed': 'true' };
const PROBLEM = 'urn:book-catalogue:problem:idempotency-key-';
/** A Structured Field string (RFC 8941, 3.3.3) of visible ASCII: `"` and `\` inside it escaped with `\`. */
const SF_STRING = /^"((?:[\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/;
const MAX_KEY = 255;

/** An answer as it is kept: a reply whose body is the bytes it was sent as, or the problem it was. */
type Answer = { readonly reply: Reply } | { readonly problem: Problem };

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
      let answer: Answer;
      try {
        answer = { reply: asBytes(await handler(request)) };
      } catch (error) {
        if (!(error instanceof Problem)) {
          kept.forget(key, begun);
          throw error;
        }
        answer = { problem: error };
      }
      // Kept only with the whole body it answered, and when the service did not fail: a 5xx may go otherwise next time.
      const bytes = await request.body().catch(() => undefined);
      const status = 'reply' in answer ? answer.reply.status : answer.problem.status;
      if (bytes === undefined || status >= 500) kept.forget(key, begun);
      else kept.keep(key, begun, fingerprintOf(request, bytes), answer, sizeOf(answer));
      if ('problem' in answer) throw answer.problem;
      return answer.reply;
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
  const { headers = {}, body } = 'reply' in answer ? answer.reply : { headers: answer.problem.headers, body: undefined };
  const text = 'problem' in answer ? JSON.stringify(answer.problem.toJSON('')) : '';
  return (Buffer.isBuffer(body) ? body.length : 0) + Buffer.byteLength(text) + Buffer.byteLength(JSON.stringify(headers));
}

/** The kept answer again, saying it is a replay. */
function replay(answer: Answer): Reply {
  if ('reply' in answer) return { ...answer.reply, headers: { ...answer.reply.headers, ...REPLAYED } };
  const { status, message, type, title, errors, headers } = answer.problem;
  throw new Problem(status, message, { type, title, errors, headers: { ...headers, ...REPLAYED } });
}
