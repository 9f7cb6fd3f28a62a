/**
 * Abbreviated keys, as PostgreSQL sorts text: a key made once for each text, such that two keys
 * order their texts as the collator does (book.ts: case- and accent-insensitive, numbers by value)
 * whenever the keys differ before either ends, and say nothing otherwise. Sorting the catalogue
 * compares keys, a plain string comparison, and calls the collator, far slower, only where they
 * say nothing.
 *
 * `sortAbbreviated` compares two books by their keys, and by the comparison only where the keys
 * cannot tell.
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
const WHOLE = '\u0001';
/** The character that leads a number's digits: this plus the count of its significant digits, which must stay below "a". */
const NUMBER = 0x30;
const MOST_DIGITS = 0x60 - NUMBER;
/** The first character whose order is not plain, where the leading run of those that are ends; and a number in that run. */
const NOT_PLAIN = /[^A-Za-z0-9 -]/;
const DIGITS = /[0-9]+/g;
/** A number of more significant digits than one character can count. */
const LONG_NUMBER = new RegExp(`(?<![0-9])0*[1-9][0-9]{${MOST_DIGITS},}`);
/** What is dropped from a run stopped short: its last character, or its last number whole. */
const LAST_PIECE = /(?:[0-9]+|[^0-9])$/;

/** The abbreviated key of a text. */
export function abbreviate(text: string): string {
  const end = text.search(NOT_PLAIN);
  let spelled = end === -1 ? text + WHOLE : text.slice(0, end).replace(LAST_PIECE, '');
  // A number too long to count ends the key before it, and before the end mark of a text spelled out whole.
  const long = LONG_NUMBER.exec(spelled);
  if (long) spelled = spelled.slice(0, long.index);
  return spelled.toLowerCase().replace(DIGITS, (number) => {
    const digits = number.replace(/^0+/, '');
    return String.fromCharCode(NUMBER + digits.length) + digits;
  });
}

/** The ids in ascending order, and for each place whether the keys alone put its id after the one before (1), or the comparison did (0). */
export interface Sorted {
  readonly ids: Uint32Array<ArrayBuffer>;
  readonly apart: Uint8Array;
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
): Sorted {
  const keys: string[] = [];
  const keyed: number[] = [];
  const absent: number[] = [];
  for (let at = 0; at < ids.length; at++) {
    const id = ids[at] as number;
    const text = textOf(id);
    if (text === undefined) absent.push(id);
    else {
      keys[id] = abbreviate(text);
      keyed.push(id);
    }
  }
  const keyOf = (id: number): string => keys[id] as string;
  // Each pair by its keys, and by `compare` only where those cannot tell: a text whose key says
  // nothing ("Éclair" stops at once) costs a few calls of the collator, never a sort of all by it.
  keyed.sort((a, b) => compareAbbreviated(keyOf(a), keyOf(b)) || compare(a, b));
  const sorted = new Uint32Array(ids.length);
  sorted.set(keyed);
  const apart = new Uint8Array(ids.length);
  for (let at = 1; at < keyed.length; at++)
    apart[at] = compareAbbreviated(keyOf(keyed[at - 1] as number), keyOf(keyed[at] as number)) === 0 ? 0 : 1;
  sorted.set(absent.sort(compare), keyed.length);
  return { ids: sorted, apart };
}

/**
 * How the texts of two keys compare, as the collator would compare them: below 0, above 0, or 0
 * when the keys cannot tell (one is the other, or begins it), and the collator must.
 */
export function compareAbbreviated(a: string, b: string): number {
  // Equal keys are read once and others about twice, not three times: a catalogue of look-alike titles has long keys alike.
  if (a === b) return 0;
  if (a < b) return b.startsWith(a) ? 0 : -1;
  return a.startsWith(b) ? 0 : 1;
}
