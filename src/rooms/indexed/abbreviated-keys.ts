/**
 * Abbreviated keys, as PostgreSQL sorts text: a key made once for each text, such that two keys
 * order their texts as the collator does (book.ts: case- and accent-insensitive, numbers by value)
 * whenever the keys differ before either ends, and say nothing otherwise. Sorting the catalogue
 * compares keys, a plain string comparison, and calls the collator only where they say nothing:
 * at 100,000 books, the collator alone took most of a second for each sort order.
 *
 * `sortAbbreviated` sorts by the keys themselves, with the engine's own sort of strings, and then
 * by the comparison only each run of keys that begin with the same key, which the keys cannot order.
 *
 * A key spells out the text's leading run of the characters whose order is plain: letters A–Z
 * (lower-cased, as the collator ignores case), the space and the hyphen (which sort before digits),
 * and numbers of ASCII digits, each as its count of digits past any leading zeros, then those digits
 * (the collator compares numbers by value, and ignores leading zeros). Those sort in that order,
 * space, hyphen, numbers, letters, as their characters here do. The run stops at any other
 * character, and drops the piece just before it, which that character might change (an accent
 * after a letter, a digit of another script after digits). A key that spells out its whole text
 * ends in a character below all of these, so that "a" sorts before "a b".
 */

/** Ends the key of a text spelled out whole. */
const WHOLE = 0x01;
/** The character that leads a number's digits: this plus the count of its significant digits, which must stay below "a". */
const NUMBER = 0x30;
const MOST_DIGITS = 0x60 - NUMBER;

/** The abbreviated key of a text. */
export function abbreviate(text: string): string {
  // The key's code units, made into one string at the end: a string grown a character at a time
  // is a chain of pieces, tens of bytes for each character, until something reads it whole.
  const key: number[] = [];
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (isDigit(code)) {
      let end = at;
      while (end < text.length && isDigit(text.charCodeAt(end))) end++;
      let first = at;
      while (first < end - 1 && text.charCodeAt(first) === 0x30) first++;
      const digits = text.charCodeAt(first) === 0x30 ? 0 : end - first;
      if ((end < text.length && !plain(text.charCodeAt(end))) || digits > MOST_DIGITS) break;
      key.push(NUMBER + digits);
      for (let digit = end - digits; digit < end; digit++) key.push(text.charCodeAt(digit));
      at = end;
      continue;
    }
    // A letter, space or hyphen followed by a character of no plain order is dropped with it.
    if (!plain(code) || (at + 1 < text.length && !plain(text.charCodeAt(at + 1)))) break;
    key.push(code >= 0x41 && code <= 0x5a ? code + 0x20 : code);
    at++;
  }
  if (at === text.length) key.push(WHOLE);
  return String.fromCharCode(...key);
}

/**
 * The ids in the order `compare` gives them, which must be the collator's by `textOf(id)` first,
 * with the ids of no text after all others: sorted by their texts' abbreviated keys where those
 * tell, and by `compare` where not.
 */
export function sortAbbreviated(
  ids: ArrayLike<number>,
  textOf: (id: number) => string | undefined,
  compare: (a: number, b: number) => number,
): Uint32Array<ArrayBuffer> {
  const keyed: string[] = [];
  const absent: number[] = [];
  for (let at = 0; at < ids.length; at++) {
    const id = ids[at] as number;
    const text = textOf(id);
    // The key, then a character below any of a key's, then the id: sorted as strings, by key.
    if (text === undefined) absent.push(id);
    else keyed.push(`${abbreviate(text)}\u0000${id}`);
  }
  keyed.sort();
  const keys = keyed.map((item) => item.slice(0, item.lastIndexOf('\u0000')));
  const sorted = new Uint32Array(ids.length);
  keyed.forEach((item, at) => (sorted[at] = Number(item.slice(item.lastIndexOf('\u0000') + 1))));
  // A key and those that begin with it sit together; among them only `compare` can tell, and
  // every other key sorts as the keys say.
  for (let start = 0; start < keyed.length;) {
    let end = start + 1;
    while (end < keyed.length && (keys[end] as string).startsWith(keys[start] as string)) end++;
    if (end - start > 1) sorted.subarray(start, end).sort(compare);
    start = end;
  }
  sorted.set(absent.sort(compare), keyed.length);
  return sorted;
}

/**
 * How the texts of two keys compare, as the collator would compare them: below 0, above 0, or 0
 * when the keys cannot tell (one is the other, or begins it), and the collator must.
 */
export function compareAbbreviated(a: string, b: string): number {
  if (a.startsWith(b) || b.startsWith(a)) return 0;
  return a < b ? -1 : 1;
}

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** A space, a hyphen, an ASCII letter or digit: the characters a key spells out. */
function plain(code: number): boolean {
  return code === 0x20 || code === 0x2d || isDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}
