/**
 * If-Match (RFC 9110, section 13.1.1): a write that names the representation it was based on,
 * so that it fails, instead of wiping out a change made since the client read it (the "lost
 * update"). api.md, Editing.
 */

/**
 * Whether an If-Match header names `current`, the ETag of the resource as it is now: `*` names
 * any, and otherwise one of its comma-separated tags must be exactly `current`. The comparison
 * is strong, so a weak tag (`W/"x"`) never matches; so does nothing that is not a tag. Node has
 * already joined repeated headers with commas and taken the spaces off both ends.
 */
export function ifMatches(header: string, current: string): boolean {
  if (header === '*') return true;
  return header.split(',').some((item) => item.trim() === current);
}
