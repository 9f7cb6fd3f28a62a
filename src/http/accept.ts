/**
 * The media ranges of an Accept header (RFC 9110, section 12.5.1), read by a scanner that looks at
 * each character once. A comma or semicolon inside a quoted string splits nothing, and only the
 * first 64 ranges are read, so a long header costs what 64 ranges cost (api.md, Limits, rule 9).
 */

/** How many ranges of one Accept header count; the rest are not read. */
export const MAX_RANGES = 64;

export interface MediaRange {
  /** `type/subtype`, lower-cased. */
  readonly type: string;
  /** The range's weight, 0 to 1 (1 when it names none). */
  readonly q: number;
}

// A qvalue: 0 to 1, with at most three decimals.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The ranges of `header`, in order; a range whose q is not a qvalue is left out, as if it were not there. */
export function mediaRanges(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  let parts: string[] = [];
  let read = 0;
  let start = 0;
  let quoted = false;
  const end = (index: number): void => {
    parts.push(header.slice(start, index));
    start = index + 1;
  };
  for (let index = 0; index <= header.length && read < MAX_RANGES; index++) {
    const char = header[index];
    if (quoted) {
      if (char === '\\')
        index++; // the escaped character belongs to the string, whatever it is
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ';') end(index);
    else if (char === ',' || char === undefined) {
      end(index);
      const range = mediaRange(parts);
      if (range !== undefined) ranges.push(range);
      parts = [];
      read++;
    }
  }
  return ranges;
}

/** One range from its pieces: the type, then its parameters, of which only the first `q` matters here. */
function mediaRange([type = '', ...params]: readonly string[]): MediaRange | undefined {
  const name = type.trim().toLowerCase();
  const q =
    params
      .map((param) => param.split('='))
      .find(([key = '']) => key.trim().toLowerCase() === 'q')?.[1]
      ?.trim() ?? '1';
  return name === '' || !QVALUE.test(q) ? undefined : { type: name, q: Number(q) };
}
