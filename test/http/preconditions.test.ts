/** If-Match, without sockets (api.md, Editing, rule 7): which header values name a current tag. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ifMatches } from '../../src/http/preconditions.ts';

const CURRENT = '"f1-wa/HFAakFpH45y/y1qj92yhDAeM"';

describe('ifMatches', () => {
  it('* names any current tag; so does a list that holds the tag exactly, spaces around commas or not', () => {
    for (const header of ['*', CURRENT, `"a", ${CURRENT}`, `"a",${CURRENT},"b"`, `${CURRENT} , "b"`])
      assert.equal(ifMatches(header, CURRENT), true, header);
  });

  it('compares strongly: a weak tag, the tag without its quotes, another case or another tag never match', () => {
    const others = [
      `W/${CURRENT}`,
      CURRENT.slice(1, -1),
      CURRENT.toUpperCase(),
      '"other"',
      '',
      ' ',
      ',',
      '**',
      `*, ${CURRENT.slice(0, -1)}`,
      `"${CURRENT}"`,
    ];
    for (const header of others) assert.equal(ifMatches(header, CURRENT), false, header);
  });
});
