/**
 * PATCH, as a room (api.md, Patching a book): a merge patch of a book (RFC 7396), its author
 * fields one value in two forms, then stored exactly as the body of a PUT would be.
 */
import { readJsonObject } from '../../core/request.ts';
import { Problem, sentence } from '../../core/failures.ts';
import { defineRoom } from '../../core/rooms.ts';
import { patchedBody } from './merge-patch.ts';

/** The types of a PATCH body: a merge patch, or plain JSON read as one, as most clients send it. */
export const MERGE_PATCH_TYPES = ['application/merge-patch+json', 'application/json'] as const;
/** What a PATCH's 415 and a book's OPTIONS say it takes. */
const ACCEPT_PATCH = { 'accept-patch': MERGE_PATCH_TYPES.join(', ') };

export const patch = defineRoom({
  name: 'patch',
  plug: (_settings, core) => ({
    routes: [
      {
        method: 'PATCH',
        path: '/books/{isbn}',
        options: ACCEPT_PATCH,
        async handler(request) {
          const type = (request.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
          if (!(MERGE_PATCH_TYPES as readonly string[]).includes(type)) {
            throw new Problem(415, `Content-Type must be ${MERGE_PATCH_TYPES.join(' or ')}`, { headers: ACCEPT_PATCH });
          }
          if (request.req.headers['content-encoding'] !== undefined) {
            throw new Problem(415, sentence({ reason: 'encoded-body' }), { headers: ACCEPT_PATCH });
          }
          // Both types are JSON types, so the rest is read as any body is; then checked and stored as a PUT.
          const changes = await readJsonObject(request.req, request.body);
          return core.edit(request, (book) => patchedBody(book, changes));
        },
      },
    ],
  }),
});
