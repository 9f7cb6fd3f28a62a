/** api.md, Start-up, rules 1–3: the built-in fixture, SEED_FILE, and every way a seed stops start-up. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { seedStore } from '../../src/core/service.ts';
import { SettingError } from '../../src/core/settings.ts';
import { MapBookStore } from '../../src/core/store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

interface ExpectedBook {
  readonly isbn: string;
  readonly title: string;
  readonly author: string;
  readonly authorFirstName: string;
  readonly authorLastName: string;
}

const ORWELL: ExpectedBook = {
  isbn: '1-2-3',
  title: 'Animal Farm',
  author: 'George Orwell',
  authorFirstName: 'George',
  authorLastName: 'Orwell',
};
const TOLKIEN: ExpectedBook = {
  isbn: '4-5-6',
  title: 'The Lord of the Rings',
  author: 'JRR Tolkien',
  authorFirstName: 'JRR',
  authorLastName: 'Tolkien',
};
const LEE: ExpectedBook = {
  isbn: '7-8-9',
  title: 'To Kill a Mockingbird',
  author: 'Harper Lee',
  authorFirstName: 'Harper',
  authorLastName: 'Lee',
};

function bookBody(base: string, book: ExpectedBook): object {
  return {
    ...book,
    _links: { self: { href: `${base}/books/${encodeURIComponent(book.isbn)}` }, books: { href: `${base}/books?title=` } },
  };
}

function collectionBody(base: string, books: readonly ExpectedBook[]): object {
  return {
    _embedded: { bookDTOList: books.map((book) => bookBody(base, book)) },
    _links: { self: { href: `${base}/books?title=` } },
  };
}

/** The store's books, in insertion order, as plain objects. */
async function storedBooks(store: MapBookStore): Promise<object[]> {
  return (await store.find({})).books.map(({ isbn, title, author, authorFirstName, authorLastName }) => ({
    isbn,
    title,
    author,
    authorFirstName,
    authorLastName,
  }));
}

function assertSeedError(load: () => unknown, setting: string, message: string): void {
  assert.throws(load, (error: unknown) => {
    assert.ok(error instanceof SettingError, `expected a SettingError, got ${String(error)}`);
    assert.ok(message.startsWith(`${setting} `), `${message} names ${setting}`);
    assert.equal(error.message, message);
    return true;
  });
}

const dir = mkdtempSync(join(tmpdir(), 'book-catalogue-seed-'));
let counter = 0;
/** Writes `text` to a fresh file in the test's temporary directory and returns its path. */
function seedFile(text: string): string {
  const path = join(dir, `seed-${counter++}.json`);
  writeFileSync(path, text);
  return path;
}

after(() => rmSync(dir, { recursive: true, force: true }));

describe('the built-in fixture', () => {
  it('fills an empty store with the three books, in contract order', async () => {
    const store = new MapBookStore(100);
    seedStore(store, undefined);
    assert.deepEqual(await storedBooks(store), [
      { isbn: '1-2-3', title: 'Animal Farm', author: undefined, authorFirstName: 'George', authorLastName: 'Orwell' },
      { isbn: '4-5-6', title: 'The Lord of the Rings', author: undefined, authorFirstName: 'JRR', authorLastName: 'Tolkien' },
      { isbn: '7-8-9', title: 'To Kill a Mockingbird', author: undefined, authorFirstName: 'Harper', authorLastName: 'Lee' },
    ]);
  });

  it('is what GET /books answers when no SEED_FILE is set', async () => {
    const server = await startServer();
    try {
      const response = await fetch(`${server.base}/books`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), collectionBody(server.base, [ORWELL, TOLKIEN, LEE]));
    } finally {
      await server.close();
    }
  });

  it('fits a MAX_BOOKS of exactly its size', async () => {
    const store = new MapBookStore(3);
    seedStore(store, undefined);
    assert.equal(store.size, 3);
  });

  it('stops start-up when MAX_BOOKS is below its size, naming MAX_BOOKS', async () => {
    assertSeedError(() => seedStore(new MapBookStore(2), undefined), 'MAX_BOOKS', 'MAX_BOOKS (2) is below the 3 books of the seed');
  });
});

describe('SEED_FILE with valid books', () => {
  const LE_GUIN: ExpectedBook = {
    isbn: '978-0-441-47812-5',
    title: 'The Left Hand of Darkness',
    author: 'Ursula K. Le Guin',
    authorFirstName: 'Ursula',
    authorLastName: 'K.',
  };
  const PLATO: ExpectedBook = { isbn: 'plato-1', title: 'The Republic', author: 'Plato', authorFirstName: 'Plato', authorLastName: '' };
  const HERBERT: ExpectedBook = {
    isbn: 'a%b ?#c',
    title: 'Dune',
    author: 'Frank Herbert',
    authorFirstName: 'Frank',
    authorLastName: 'Herbert',
  };
  const SPACED: ExpectedBook = {
    isbn: 'spaced',
    title: 'Nineteen Eighty-Four',
    author: '  George   Orwell ',
    authorFirstName: 'George',
    authorLastName: 'Orwell',
  };
  const ENTRIES = [
    { isbn: LE_GUIN.isbn, title: LE_GUIN.title, author: 'Ursula K. Le Guin' },
    { isbn: PLATO.isbn, title: PLATO.title, author: 'Plato', _links: { self: { href: 'http://elsewhere/' } }, id: 99 },
    { isbn: HERBERT.isbn, title: HERBERT.title, authorFirstName: 'Frank', authorLastName: 'Herbert', author: null },
    { isbn: SPACED.isbn, title: SPACED.title, author: '  George   Orwell ' },
  ];
  const EXPECTED = [LE_GUIN, PLATO, HERBERT, SPACED];

  let server: TestServer;
  before(async () => (server = await startServer({ SEED_FILE: seedFile(JSON.stringify(ENTRIES)) })));
  after(() => server.close());

  it("replaces the fixture with the file's books, in file order", async () => {
    const response = await fetch(`${server.base}/books`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), collectionBody(server.base, EXPECTED));
  });

  it('keeps the submitted author whole ("Ursula K. Le Guin") while deriving the names', async () => {
    const response = await fetch(`${server.base}/books/${encodeURIComponent(LE_GUIN.isbn)}`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), bookBody(server.base, LE_GUIN));
  });

  it('reads a single-token author ("Plato") back as "Plato" with an empty last name', async () => {
    const response = await fetch(`${server.base}/books/plato-1`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), bookBody(server.base, PLATO));
  });

  it('makes an isbn holding "%", "?", "#" and a space addressable', async () => {
    const response = await fetch(`${server.base}/books/${encodeURIComponent(HERBERT.isbn)}`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), bookBody(server.base, HERBERT));
  });

  it('does not load the fixture as well', async () => {
    const response = await fetch(`${server.base}/books/1-2-3`);
    assert.equal(response.status, 404);
  });

  it('applies the POST duplicate rules to later POSTs against seeded books', async () => {
    const response = await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isbn: 'other', title: 'The Republic', author: 'Plato' }),
    });
    assert.equal(response.status, 409);
    assert.deepEqual(await response.json(), {
      type: 'urn:book-catalogue:problem:book-already-exists',
      title: 'Book already exists',
      status: 409,
      detail: 'Book already exists with title: The Republic and author: Plato ',
      instance: '/books',
    });
  });
});

describe('SEED_FILE edge cases that load', () => {
  it('loads an empty array as an empty catalogue', async () => {
    const store = new MapBookStore(10);
    seedStore(store, seedFile('[]'));
    assert.equal(store.size, 0);
  });

  it('accepts a seed exactly the size of MAX_BOOKS; the next POST is then 507', async () => {
    const path = seedFile(
      JSON.stringify([
        { isbn: 'a', title: 'A', author: 'X Y' },
        { isbn: 'b', title: 'B', author: 'X Y' },
      ]),
    );
    const server = await startServer({ SEED_FILE: path, MAX_BOOKS: '2' });
    try {
      const response = await fetch(`${server.base}/books`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ isbn: 'c', title: 'C', author: 'X Y' }),
      });
      assert.equal(response.status, 507);
      assert.deepEqual(await response.json(), {
        type: 'about:blank',
        title: 'Insufficient Storage',
        status: 507,
        detail: 'The catalogue is full: it holds at most 2 books (MAX_BOOKS)',
        instance: '/books',
      });
    } finally {
      await server.close();
    }
  });
});

describe('SEED_FILE errors stop start-up with a SettingError naming SEED_FILE', () => {
  const VALID = { isbn: 'v-1', title: 'Valid', author: 'Ann Author' };
  const load =
    (path: string, capacity = 100) =>
    () =>
      seedStore(new MapBookStore(capacity), path);

  it('a missing file', async () => {
    const path = join(dir, 'does-not-exist.json');
    assertSeedError(load(path), 'SEED_FILE', `SEED_FILE cannot be read: ENOENT (${path})`);
  });

  it('a directory', async () => {
    assertSeedError(load(dir), 'SEED_FILE', `SEED_FILE cannot be read: EISDIR (${dir})`);
  });

  it('invalid JSON, wherever it is: the array, an element, or after the array, in the parser’s words, which say where', async () => {
    const texts = ['[{"isbn": "1",', '[nope]', '[{"isbn": "1"}}', '[1,]', '[,1]', '[1}', '[] x', 'nope', '[{"a": [}]', ''];
    for (const text of texts) {
      const path = seedFile(text);
      assert.throws(load(path), (error: unknown) => {
        assert.ok(error instanceof SettingError);
        assert.ok(error.message.startsWith('SEED_FILE is not valid JSON: ') && error.message.endsWith(` (${path})`), error.message);
        return true;
      });
    }
    // Where V8 knows the place, it names its line and column.
    const path = seedFile('[\n  {"isbn": "1",\n   "title" "T"}\n]');
    assert.throws(load(path), /line 3 column 12/);
  });

  it('an array of thousands of books, with strings that hold brackets, commas and escapes', async () => {
    const books = Array.from({ length: 2000 }, (_, i) => ({
      isbn: `i-${i}`,
      title: `T [${i}], {"x"} \\ ${'é'.repeat(i % 50)}`,
      author: 'Ann Lee',
    }));
    const path = seedFile(JSON.stringify(books, null, 1));
    const store = new MapBookStore(5000);
    seedStore(store, path);
    assert.equal(store.size, 2000);
    assert.deepEqual(
      { ...store.get('i-1999') },
      {
        isbn: 'i-1999',
        title: books[1999]?.title,
        authorFirstName: 'Ann',
        authorLastName: 'Lee',
        author: undefined,
      },
    );
  });

  it('JSON that is not an array', async () => {
    for (const text of ['{"books": []}', '"books"', '42', 'null']) {
      const path = seedFile(text);
      assertSeedError(load(path), 'SEED_FILE', `SEED_FILE must hold a JSON array of books (${path})`);
    }
  });

  it('an entry that is not an object, naming its place, counted from 1, and the file', async () => {
    for (const entry of ['book', 1, null, [], true]) {
      const path = seedFile(JSON.stringify([VALID, entry]));
      assertSeedError(load(path), 'SEED_FILE', `SEED_FILE entry 2 of 2 is not a JSON object (${path})`);
    }
  });

  it('an entry failing validation, naming its place, its isbn when it has one, the detail and the file', async () => {
    const cases: [object, string][] = [
      [{ isbn: 'x', author: 'A B' }, 'SEED_FILE entry 2 of 2 (isbn "x"): title must be provided'],
      [{ isbn: 'x', title: '   ', author: 'A B' }, 'SEED_FILE entry 2 of 2 (isbn "x"): title must be provided'],
      [{}, 'SEED_FILE entry 2 of 2: isbn must be provided; title must be provided; author must be provided'],
      [{ isbn: 5, title: 'T', author: 'A B' }, 'SEED_FILE entry 2 of 2: isbn must be a string'],
      [{ isbn: 'x', title: 'T', authorFirstName: 'A' }, 'SEED_FILE entry 2 of 2 (isbn "x"): author must be provided'],
      [
        { isbn: 'x'.repeat(65), title: 'T', author: 'A B' },
        `SEED_FILE entry 2 of 2 (isbn "${'x'.repeat(65)}"): isbn must be at most 64 characters`,
      ],
      [{ isbn: 'a/b', title: 'T', author: 'A B' }, 'SEED_FILE entry 2 of 2 (isbn "a/b"): isbn must not contain / or \\'],
      [{ isbn: 'a\\b', title: 'T', author: 'A B' }, 'SEED_FILE entry 2 of 2 (isbn "a\\\\b"): isbn must not contain / or \\'],
    ];
    for (const [entry, message] of cases) {
      const path = seedFile(JSON.stringify([VALID, entry]));
      assertSeedError(load(path), 'SEED_FILE', `${message} (${path})`);
    }
  });

  it('names the first bad entry, counting from 1', async () => {
    const first = seedFile(JSON.stringify([{ isbn: 'x' }, VALID]));
    assertSeedError(
      load(first),
      'SEED_FILE',
      `SEED_FILE entry 1 of 2 (isbn "x"): title must be provided; author must be provided (${first})`,
    );
    const entries = [VALID, { ...VALID, isbn: 'v-2', title: 'Two' }, { ...VALID, isbn: 'v-3', title: 'Three' }, { isbn: 'v-4' }];
    const fourth = seedFile(JSON.stringify(entries));
    assertSeedError(
      load(fourth),
      'SEED_FILE',
      `SEED_FILE entry 4 of 4 (isbn "v-4"): title must be provided; author must be provided (${fourth})`,
    );
  });

  it('a duplicate isbn', async () => {
    const path = seedFile(JSON.stringify([VALID, { isbn: 'v-1', title: 'Other', author: 'Bo Other' }]));
    assertSeedError(load(path), 'SEED_FILE', `SEED_FILE entry 2 of 2 (isbn "v-1"): Book already exists for ISBN: v-1 (${path})`);
  });

  it('a duplicate title and derived names, however the author was given', async () => {
    const path = seedFile(JSON.stringify([VALID, { isbn: 'v-2', title: 'Valid', authorFirstName: 'Ann', authorLastName: 'Author' }]));
    assertSeedError(
      load(path),
      'SEED_FILE',
      `SEED_FILE entry 2 of 2 (isbn "v-2"): Book already exists with title: Valid and author: Ann Author (${path})`,
    );
  });

  it('keeps a seed whose books differ only in case (duplicates are case-sensitive)', async () => {
    const store = new MapBookStore(10);
    seedStore(store, seedFile(JSON.stringify([VALID, { isbn: 'v-2', title: 'VALID', author: 'Ann Author' }])));
    assert.equal(store.size, 2);
  });

  it('MAX_BOOKS below the seed size, naming MAX_BOOKS, before looking at the entries', async () => {
    const path = seedFile(JSON.stringify([VALID, {}, 'not a book']));
    assertSeedError(load(path, 2), 'MAX_BOOKS', 'MAX_BOOKS (2) is below the 3 books of the seed');
  });

  it('rejects start-up of the app too (startServer)', async () => {
    const path = join(dir, 'missing.json');
    await assert.rejects(startServer({ SEED_FILE: path }), (error: unknown) => {
      assert.ok(error instanceof SettingError);
      assert.equal(error.message, `SEED_FILE cannot be read: ENOENT (${path})`);
      return true;
    });
  });

  it('quotes a duplicate title escaped onto one line', async () => {
    const title = 'Two\nLines';
    const path = seedFile(
      JSON.stringify([
        { ...VALID, title },
        { ...VALID, isbn: 'v-2', title },
      ]),
    );
    assertSeedError(
      load(path),
      'SEED_FILE',
      `SEED_FILE entry 2 of 2 (isbn "v-2"): Book already exists with title: Two\\u000aLines and author: Ann Author (${path})`,
    );
  });
});
