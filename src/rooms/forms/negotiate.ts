/**
 * Choosing between HAL and HAL-FORMS by the request's Accept (api.md, Forms, rule 1), as RFC 9110,
 * section 12.5.1, reads it: each type gets the q of the most specific range that matches it.
 */
import { mediaRanges } from '../../core/request.ts';

/** HAL with forms (api.md, Forms), for a client that asks for it. */
export const HAL_FORMS_TYPE = 'application/prs.hal-forms+json';
/** The ranges that match HAL, most specific first. */
const HAL_RANGES = ['application/hal+json', 'application/json', 'application/*', '*/*'];

/**
 * Whether Accept names HAL-FORMS itself with a q above 0, and HAL no higher (on equal q, HAL-FORMS
 * wins). A range whose q is not a qvalue is left out, as if it were not there.
 */
export function prefersHalForms(accept: string): boolean {
  let forms: number | undefined;
  let hal: { rank: number; q: number } = { rank: HAL_RANGES.length, q: 0 };
  for (const { type, q } of mediaRanges(accept)) {
    if (type === HAL_FORMS_TYPE) forms ??= q;
    const rank = HAL_RANGES.indexOf(type);
    if (rank >= 0 && rank < hal.rank) hal = { rank, q };
  }
  return forms !== undefined && forms > 0 && forms >= hal.q;
}
