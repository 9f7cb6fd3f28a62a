/** The validator alone: every failure, in contract order, and it never throws. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateBook } from '../../src/core/books.ts';

describe('validateBook', () => {
  it('accepts either author form and returns the fields it checked', () => {
    assert.deepEqual(validateBook({ isbn: 'i', title: 't', author: 'A B', extra: 1 }), {
      ok: true,
      book: { isbn: 'i', title: 't', author: 'A B' },
    });
    assert.equal(validateBook({ isbn: 'i', title: 't', authorFirstName: 'A', authorLastName: 'B' }).ok, true);
  });

  it('reports every failure in the order isbn, title, author fields', () => {
    assert.deepEqual(validateBook({ isbn: 1, title: false, author: 2, authorFirstName: 3, authorLastName: [] }), {
      ok: false,
      errors: [
        { pointer: '#/isbn', detail: 'isbn must be a string' },
        { pointer: '#/title', detail: 'title must be a string' },
        { pointer: '#/author', detail: 'author must be a string' },
        { pointer: '#/authorFirstName', detail: 'authorFirstName must be a string' },
        { pointer: '#/authorLastName', detail: 'authorLastName must be a string' },
      ],
    });
  });

  it('a bad name field alone says what is wrong with it, and not that the author is missing', () => {
    for (const name of ['authorFirstName', 'authorLastName']) {
      assert.deepEqual(validateBook({ isbn: 'i', title: 't', [name]: 5 }), {
        ok: false,
        errors: [{ pointer: `#/${name}`, detail: `${name} must be a string` }],
      });
    }
    assert.deepEqual(validateBook({ isbn: 'i', title: 't', authorFirstName: 'A' }), {
      ok: false,
      errors: [{ pointer: '#/author', detail: 'author must be provided' }],
    });
  });

  it('reads only own properties, so inherited or __proto__ keys change nothing', () => {
    const body = JSON.parse('{"__proto__": {"isbn": "x", "title": "y", "author": "A B"}}') as Record<string, unknown>;
    assert.deepEqual(validateBook(body), {
      ok: false,
      errors: [
        { pointer: '#/isbn', detail: 'isbn must be provided' },
        { pointer: '#/title', detail: 'title must be provided' },
        { pointer: '#/author', detail: 'author must be provided' },
      ],
    });
  });

  it('never throws, whatever the values', () => {
    const odd: unknown[] = [undefined, null, 0, NaN, {}, [], () => 1, Symbol('s'), 10n, '\ud800', 'x'.repeat(100_000)];
    for (const value of odd) {
      for (const field of ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName']) {
        assert.doesNotThrow(() => validateBook({ isbn: 'i', title: 't', author: 'A B', [field]: value }));
      }
    }
  });
});
