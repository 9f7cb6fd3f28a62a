/** The derivation of the author fields (api.md, Authors), table-driven, through the pure functions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookInput, deriveNames, textLength, toBook, toFields } from '../../src/core/book.ts';

type Case = [name: string, input: Omit<BookInput, 'isbn' | 'title'>, author: string, first: string, last: string];

const CASES: Case[] = [
  ['author alone (version 1)', { author: 'George Orwell' }, 'George Orwell', 'George', 'Orwell'],
  ['first and last name (version 2)', { authorFirstName: 'Harper', authorLastName: 'Lee' }, 'Harper Lee', 'Harper', 'Lee'],
  ['a single token', { author: 'Plato' }, 'Plato', 'Plato', ''],
  ['many tokens: only the second is the last name', { author: 'Ursula K. Le Guin' }, 'Ursula K. Le Guin', 'Ursula', 'K.'],
  ['runs of whitespace', { author: '  George   Orwell ' }, '  George   Orwell ', 'George', 'Orwell'],
  ['tabs and newlines separate tokens', { author: 'George\t\nOrwell' }, 'George\t\nOrwell', 'George', 'Orwell'],
  ['explicit names win', { author: 'George Orwell', authorFirstName: 'Eric', authorLastName: 'Blair' }, 'George Orwell', 'Eric', 'Blair'],
  [
    'an explicit first name with the last from author',
    { author: 'George Orwell', authorFirstName: 'Eric' },
    'George Orwell',
    'Eric',
    'Orwell',
  ],
  [
    'an explicit last name with the first from author',
    { author: 'George Orwell', authorLastName: 'Blair' },
    'George Orwell',
    'George',
    'Blair',
  ],
  [
    'a whitespace-only author gives way to the names',
    { author: '   ', authorFirstName: 'Harper', authorLastName: 'Lee' },
    'Harper Lee',
    'Harper',
    'Lee',
  ],
  ['null fields count as absent', { author: null, authorFirstName: 'Harper', authorLastName: 'Lee' }, 'Harper Lee', 'Harper', 'Lee'],
  [
    'whitespace-only names give way to author tokens',
    { author: 'George Orwell', authorFirstName: ' ', authorLastName: '' },
    'George Orwell',
    'George',
    'Orwell',
  ],
  ['names are returned as sent, untrimmed', { authorFirstName: ' Harper', authorLastName: 'Lee ' }, ' Harper Lee ', ' Harper', 'Lee '],
  ['non-ASCII names', { author: 'Gabriel García Márquez' }, 'Gabriel García Márquez', 'Gabriel', 'García'],
];

describe('author derivation', () => {
  for (const [name, input, author, first, last] of CASES) {
    it(name, () => {
      const book = toBook(toFields({ isbn: 'i', title: 't', ...input }));
      assert.deepEqual(book, { isbn: 'i', title: 't', author, authorFirstName: first, authorLastName: last });
    });
  }

  it('stores the author text only where the names cannot rebuild it', () => {
    assert.equal(toFields({ isbn: 'i', title: 't', author: 'George Orwell' }).author, undefined);
    assert.equal(toFields({ isbn: 'i', title: 't', author: 'Ursula K. Le Guin' }).author, 'Ursula K. Le Guin');
    assert.equal(toFields({ isbn: 'i', title: 't', author: 'Plato' }).author, 'Plato');
  });

  it('otherwise gives empty strings, whatever validation lets through (api.md, Authors, rules 1–3, "otherwise")', () => {
    assert.deepEqual(deriveNames({}), { first: '', last: '' });
    assert.deepEqual(deriveNames({ authorFirstName: 'Ann' }), { first: 'Ann', last: '' });
    assert.deepEqual(deriveNames({ authorLastName: 'Lee', author: ' ' }), { first: '', last: 'Lee' });
    const fields = { isbn: 'i', title: 't', author: undefined };
    assert.equal(toBook({ ...fields, authorFirstName: 'Ann', authorLastName: '' }).author, '');
    assert.equal(toBook({ ...fields, authorFirstName: '', authorLastName: 'Lee' }).author, '');
    assert.equal(toBook({ ...fields, authorFirstName: ' ', authorLastName: 'Lee' }).author, '');
  });

  it('counts the text a record holds as the text budget does: every text field, and the kept author', () => {
    assert.equal(textLength(toFields({ isbn: '1-2', title: 'Dune', author: 'Frank Herbert' })), 3 + 4 + 5 + 7);
    assert.equal(textLength(toFields({ isbn: '1-2', title: 'Dune', author: 'Ursula K. Le Guin' })), 3 + 4 + 6 + 2 + 17);
    assert.equal(textLength(toFields({ isbn: '1', title: '📚', authorFirstName: 'A', authorLastName: 'B' })), 1 + 2 + 1 + 1);
  });
});
