/**
 * The BookStore contract (src/core/store.ts) as cases any store must pass, as hono runs one case
 * file against every router: the Map store's tests run them, and so do the indexed store's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BookFields } from '../../src/core/book.ts';
import { SORT_KEYS } from '../../src/core/fields.ts';
import { type BookQuery, type BookStore, type ReplaceOutcome, type SortOrder, TEXT_PER_BOOK } from '../../src/core/store.ts';
import { collect } from './books.ts';

export const book = (isbn: string, title: string, first = 'A', last = 'B', author?: string): BookFields => ({
  isbn,
  title,
  authorFirstName: first,
  authorLastName: last,
  author,
});

export const isbns = async (query: BookQuery, store: BookStore): Promise<string[]> =>
  (await store.find(query)).books.map((entry) => entry.isbn);

export const ORDERS: readonly SortOrder[] = SORT_KEYS.flatMap((key) => [
  { key, descending: false },
  { key, descending: true },
]);

/** The BookStore contract's cases, run against the store `make` builds; `name` names it in the report. */
export function storeContract(name: string, make: (capacity: number) => BookStore): void {
  describe(`the BookStore contract: ${name}`, () => {
    it('adds, gets and removes by isbn; size and capacity', async () => {
      const store = make(2);
      store.add(book('1', 'One'));
      // The generated id is not visible outside the store: the record shows only its fields.
      assert.deepEqual({ ...store.get('1') }, book('1', 'One'));
      assert.deepEqual(Object.keys(store.get('1') ?? {}), ['isbn', 'title', 'authorFirstName', 'authorLastName', 'author']);
      assert.equal(store.get('2'), undefined);
      assert.equal(store.size, 1);
      assert.equal(store.capacity, 2);
      assert.equal(store.remove('1'), true);
      assert.equal(store.remove('1'), false);
      assert.equal(store.size, 0);
    });

    it('refuses a taken isbn, then an exact duplicate, then anything once full, in that order', async () => {
      const store = make(2);
      assert.deepEqual(store.add(book('1', 'One', 'Ann', 'Lee')), { added: store.get('1') });
      assert.deepEqual(store.add(book('1', 'One', 'Ann', 'Lee')), { refused: 'isbn-taken' });
      assert.deepEqual(store.add(book('2', 'One', 'Ann', 'Lee')), { refused: 'duplicate' });
      assert.deepEqual(store.add(book('2', 'Two')), { added: store.get('2') });
      assert.deepEqual(store.add(book('2', 'One', 'Ann', 'Lee')), { refused: 'isbn-taken' });
      assert.deepEqual(store.add(book('3', 'One', 'Ann', 'Lee')), { refused: 'duplicate' });
      assert.deepEqual(store.add(book('3', 'Three')), { refused: 'full' });
      assert.equal(store.size, 2);
    });

    it('says what an add would refuse, in the same order, without adding anything', async () => {
      const store = make(2);
      store.add(book('1', 'One', 'Ann', 'Lee'));
      const revision = store.revision;
      assert.equal(store.refusal(book('1', 'Other')), 'isbn-taken');
      assert.equal(store.refusal(book('1', 'One', 'Ann', 'Lee')), 'isbn-taken');
      assert.equal(store.refusal(book('2', 'One', 'Ann', 'Lee')), 'duplicate');
      assert.equal(store.refusal(book('2', 'x'.repeat(2 * TEXT_PER_BOOK))), 'text-full');
      assert.equal(store.refusal(book('2', 'Two')), undefined);
      assert.deepEqual([store.size, store.revision, store.get('2')], [1, revision, undefined]);
      store.add(book('2', 'Two'));
      assert.equal(store.refusal(book('3', 'Three')), 'full');
      assert.equal(store.refusal(book('3', 'One', 'Ann', 'Lee')), 'duplicate');
      for (const candidate of [book('1', 'One'), book('3', 'Two', 'A', 'B'), book('3', 'Three')]) {
        const refusal = store.refusal(candidate);
        assert.deepEqual(store.add(candidate), { refused: refusal });
      }
    });

    it('finds duplicates by exact title and names, also among several books of one title', async () => {
      const store = make(10);
      const outcome = (isbn: string, first: string, last: string, title = 'Same'): string => {
        const result = store.add(book(isbn, title, first, last));
        if ('refused' in result) return result.refused;
        store.remove(isbn); // added only to find out: taken back at once
        return 'added';
      };
      store.add(book('1', 'Same', 'Ann', 'Lee'));
      store.add(book('2', 'Same', 'Bob', 'Lee'));
      store.add(book('3', 'Same', 'Cy', 'Lee'));
      assert.equal(outcome('x', 'Bob', 'Lee'), 'duplicate');
      assert.equal(outcome('x', 'Bob', 'Lee', 'same'), 'added');
      assert.equal(outcome('x', 'Bob', 'lee'), 'added');
      store.remove('2');
      assert.equal(outcome('x', 'Bob', 'Lee'), 'added');
      store.remove('1');
      assert.equal(outcome('x', 'Cy', 'Lee'), 'duplicate');
      store.remove('3');
      assert.equal(outcome('x', 'Cy', 'Lee'), 'added');
      assert.equal(store.size, 0);
    });

    it('tells books apart whose names and title are one text cut at other places, and knows each again', async () => {
      // Digits, spaces and a bar, as a key that joins the parts with or without their lengths would hold them.
      const text = '1 2|Ann Lee 1';
      const cuts: [string, string, string][] = [];
      for (let i = 0; i <= text.length; i++)
        for (let j = i; j < text.length; j++) cuts.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
      const store = make(cuts.length);
      cuts.forEach(([first, last, title], n) =>
        assert.ok('added' in store.add(book(`a${n}`, title, first, last)), `${first}|${last}|${title}`),
      );
      cuts.forEach(([first, last, title], n) => assert.deepEqual(store.add(book(`b${n}`, title, first, last)), { refused: 'duplicate' }));
    });

    it('lists in insertion order, a re-added book last, and pages by offset and limit with the total', async () => {
      const store = make(10);
      for (const isbn of ['a', 'b', 'c', 'd']) store.add(book(isbn, `Title ${isbn}`));
      store.remove('b');
      store.add(book('b', 'Title b'));
      assert.deepEqual(await isbns({}, store), ['a', 'c', 'd', 'b']);
      assert.deepEqual(
        (await store.find({ offset: 1, limit: 2 })).books.map((entry) => entry.isbn),
        ['c', 'd'],
      );
      assert.equal((await store.find({ offset: 1, limit: 2 })).total, 4);
      assert.deepEqual(await store.find({ offset: 9, limit: 2 }), { books: [], total: 4 });
    });

    it('sorts with the collator, case- and accent-insensitive and numeric, ties in insertion order both ways', async () => {
      const store = make(10);
      store.add(book('1', 'vol 10'));
      store.add(book('2', 'Vol 2'));
      store.add(book('3', 'éclair'));
      store.add(book('4', 'Eclair'));
      store.add(book('5', 'apple'));
      assert.deepEqual(await isbns({ sort: { key: 'title', descending: false } }, store), ['5', '3', '4', '2', '1']);
      assert.deepEqual(await isbns({ sort: { key: 'title', descending: true } }, store), ['1', '2', '3', '4', '5']);
      assert.deepEqual(await isbns({ sort: { key: 'title', descending: true }, offset: 2, limit: 2 }, store), ['3', '4']);
    });

    it('sorts by author as last name, then first name', async () => {
      const store = make(10);
      store.add(book('1', 'A', 'Zed', 'Lee'));
      store.add(book('2', 'B', 'Ann', 'Lee'));
      store.add(book('3', 'C', 'Bob', 'Adams'));
      assert.deepEqual(await isbns({ sort: { key: 'author', descending: false } }, store), ['3', '2', '1']);
      assert.deepEqual(await isbns({ sort: { key: 'author', descending: true } }, store), ['1', '2', '3']);
    });

    it('title search never matches across two titles, even when the needle holds a line break', async () => {
      const store = make(10);
      store.add(book('1', 'ab'));
      store.add(book('2', 'cd'));
      store.add(book('3', 'x\ny'));
      assert.deepEqual(await isbns({ title: 'b\nc' }, store), []);
      assert.deepEqual(await isbns({ title: 'bc' }, store), []);
      assert.deepEqual(await isbns({ title: 'X\nY' }, store), ['3']);
      assert.deepEqual(await isbns({ title: 'd' }, store), ['2']);
    });

    it('title search lower-cases both sides with toLowerCase(), and nothing more', async () => {
      const store = make(10);
      store.add(book('1', 'İstanbul Nights'));
      store.add(book('2', 'Straße'));
      store.add(book('3', 'Nights in Ankara'));
      store.add(book('4', 'Cafe\u0301 au lait'));
      store.add(book('5', 'Café au lait'));
      store.add(book('6', 'Emoji 📚📚 shelf'));
      assert.deepEqual(await isbns({ title: 'NIGHTS' }, store), ['1', '3']);
      // "İ".toLowerCase() is "i̇" (i + combining dot): "istanbul" is not in it, "i̇stanbul" is.
      assert.deepEqual(await isbns({ title: 'istanbul' }, store), []);
      assert.deepEqual(await isbns({ title: 'İSTANBUL' }, store), ['1']);
      assert.deepEqual(await isbns({ title: 'STRASSE' }, store), []);
      assert.deepEqual(await isbns({ title: 'STRAßE' }, store), ['2']);
      // No normalisation: a combining accent and a precomposed one are different text.
      assert.deepEqual(await isbns({ title: 'café' }, store), ['5']);
      assert.deepEqual(await isbns({ title: 'cafe\u0301' }, store), ['4']);
      assert.deepEqual(await isbns({ title: '📚' }, store), ['6']);
      assert.deepEqual(await isbns({ title: '📚📚 s' }, store), ['6']);
    });

    it('answers one- and two-character filters, and filters that match everything or nothing', async () => {
      const store = make(10);
      store.add(book('1', 'Abc'));
      store.add(book('2', 'bcd'));
      store.add(book('3', 'xyz'));
      assert.deepEqual(await isbns({ title: 'b' }, store), ['1', '2']);
      assert.deepEqual(await isbns({ title: 'BC' }, store), ['1', '2']);
      assert.deepEqual(await isbns({ title: 'q' }, store), []);
      assert.deepEqual(await store.find({ title: 'qqq' }), { books: [], total: 0 });
      assert.deepEqual((await store.find({ title: 'b', offset: 1, limit: 5 })).total, 2);
      assert.deepEqual(await isbns({ title: 'b', sort: { key: 'title', descending: true } }, store), ['2', '1']);
    });

    it('searches and pages right across removed books and reused ids, and after the store is emptied', async () => {
      const store = make(10);
      const authors = ['Cy', 'Bo', 'Al', 'Di', 'Ed'];
      authors.forEach((first, i) => store.add(book(`${i}`, `Tale ${i}`, first, 'Lee')));
      store.remove('2');
      store.remove('4');
      const byAuthor = { key: 'author', descending: false } as const;
      assert.deepEqual(await isbns({ title: 'tale' }, store), ['0', '1', '3']);
      store.add(book('5', 'Saga', 'Ab', 'Lee')); // takes a removed book's place inside the store
      assert.deepEqual(await isbns({ title: 'tale 2' }, store), []);
      assert.deepEqual(await isbns({ title: 'a', sort: byAuthor }, store), ['5', '1', '0', '3']);
      assert.deepEqual(await store.find({ title: 'a', sort: byAuthor, offset: 1, limit: 2 }), {
        books: [store.get('1'), store.get('0')],
        total: 4,
      });
      for (const isbn of ['0', '1', '3', '5']) store.remove(isbn);
      assert.deepEqual(await store.find({ title: 'a' }), { books: [], total: 0 });
      store.add(book('6', 'Tale again', 'Fay', 'Lee'));
      assert.deepEqual(await isbns({ title: 'tale', sort: byAuthor }, store), ['6']);
    });

    it('refuses a book whose text would pass the text budget, after the other checks (api.md, Limits)', async () => {
      const store = make(2);
      assert.equal(store.textCapacity, 2 * TEXT_PER_BOOK);
      // 1 + 200 + 1 + 1 code units, then 1 + 50 + 1 + 1: exactly 256, the budget of two books.
      assert.equal(store.textUsed, 0);
      assert.deepEqual(store.add(book('1', 't'.repeat(200))), { added: store.get('1') });
      assert.equal(store.textUsed, 203);
      assert.deepEqual(store.add(book('2', 't'.repeat(51))), { refused: 'text-full' });
      assert.deepEqual(store.add(book('1', 't'.repeat(51))), { refused: 'isbn-taken' });
      assert.deepEqual(store.add(book('2', 't'.repeat(50))), { added: store.get('2') });
      assert.deepEqual(store.add(book('3', 't')), { refused: 'full' });
      assert.equal(store.textUsed, 256);
      // A removed book gives its text back.
      store.remove('1');
      assert.equal(store.textUsed, 53);
      assert.deepEqual(store.add(book('3', '📚'.repeat(99))), { added: store.get('3') });
      assert.deepEqual(store.add(book('4', 'x')), { refused: 'full' });
    });

    it('charges the text budget what a search index keeps: each text as long as it is once lower-cased (api.md, Limits, rule 4)', async () => {
      const store = make(2);
      // "İ" lower-cases to two code units, so 100 of them are charged 200: 1 + 200 + 1 + 1.
      assert.deepEqual(store.add(book('1', 'İ'.repeat(100))), { added: store.get('1') });
      assert.equal(store.textUsed, 203);
      // 1 + 50 + 2 + 2 code units would pass the budget of two books (256) by two; 1 + 48 + 2 + 2 fills it.
      assert.deepEqual(store.add(book('2', 'İ'.repeat(25), 'İ', 'İ')), { refused: 'text-full' });
      assert.deepEqual(store.add(book('2', 'İ'.repeat(24), 'İ', 'İ')), { added: store.get('2') });
      assert.equal(store.textUsed, 256);
      assert.deepEqual(store.replace(book('2', 'İ'.repeat(24), 'İ', 'İİ')), { refused: 'text-full' });
    });

    it('a scan in a sort order gives each book there throughout once, where it stood when the scan began, however books move', async () => {
      for (const title of [undefined, 'volume']) {
        const store = make(2000);
        for (let i = 0; i < 1000; i++) store.add(book(`${i}`, `Volume ${String(i).padStart(4, '0')}`));
        const sort = { key: 'title', descending: false } as const;
        const before = await isbns({ title, sort }, store);
        const given: BookFields[] = [];
        for await (const entry of (await store.scan({ title, sort })).books) {
          given.push(entry);
          if (given.length !== 300) continue;
          // One book read already moves to the end, and one not read yet to the front; one not
          // read yet moves further on, one read already further back, and one not read yet goes.
          store.replace(book('10', 'Volume 9999 was 10'));
          store.replace(book('700', 'Volume 0000 was 700'));
          store.replace(book('500', 'Volume 0900 was 500'));
          store.replace(book('200', 'Volume 0100 was 200'));
          store.remove('800');
        }
        // A book gone meanwhile was not there throughout: it may be given or not.
        assert.deepEqual(
          given.map((entry) => entry.isbn).filter((isbn) => isbn !== '800'),
          before.filter((isbn) => isbn !== '800'),
          `${title}`,
        );
        // Each moved book that the scan had not reached is given as it stood when the scan began.
        assert.deepEqual(
          ['10', '700', '500', '200'].map((isbn) => given.find((entry) => entry.isbn === isbn)?.title),
          ['Volume 0010', 'Volume 0700', 'Volume 0500', 'Volume 0200'],
        );
      }
    });

    it('finds duplicates among two thousand books that share one title', async () => {
      const store = make(3000);
      for (let i = 0; i < 2000; i++) assert.ok('added' in store.add(book(`${i}`, 'Same', `First${i}`, 'Lee')));
      assert.deepEqual(store.add(book('x', 'Same', 'First1999', 'Lee')), { refused: 'duplicate' });
      assert.deepEqual(store.add(book('x', 'Same', 'First0', 'Lee')), { refused: 'duplicate' });
      assert.ok('added' in store.add(book('x', 'Same', 'First0', 'Lee2')));
      store.remove('0');
      assert.ok('added' in store.add(book('y', 'Same', 'First0', 'Lee')));
      assert.equal((await store.find({ title: 'same' })).total, 2001);
    });

    it('scans every matching book in order, as find lists them', async () => {
      const store = make(1000);
      for (let i = 0; i < 700; i++) store.add(book(`${i}`, `Volume ${i % 300} ${i % 2 ? 'odd' : 'even'}`, `F${i % 7}`, `L${i % 11}`));
      for (const title of [undefined, 'volume', 'odd', 'volume 1', 'volume 29', 'nothing']) {
        for (const sort of [undefined, ...ORDERS]) {
          const scan = await store.scan({ title, sort });
          const found = await store.find({ title, sort });
          assert.equal(scan.total, found.total);
          assert.deepEqual(
            (await collect(scan.books)).map((entry) => entry.isbn),
            found.books.map((entry) => entry.isbn),
            `${title} ${JSON.stringify(sort)}`,
          );
        }
      }
    });

    it('scans across writes: each book once at most, every book there all along, none added since, in order', async () => {
      for (const [title, sort] of [
        [undefined, undefined],
        ['volume', undefined],
        [undefined, ORDERS[1]],
        ['e', ORDERS[4]],
      ] as const) {
        const store = make(2000);
        for (let i = 0; i < 1000; i++) store.add(book(`${i}`, `Volume ${(i * 7919) % 1000}`, `F${i % 13}`, `L${i % 17}`));
        const given: string[] = [];
        const removed = new Set<string>();
        for await (const entry of (await store.scan({ title, sort })).books) {
          given.push(entry.isbn);
          if (given.length !== 300) continue;
          // Between batches: books go, read and unread, and new ones come, before and after the place reached.
          for (let i = 0; i < 1000; i += 9) if (store.remove(`${i}`)) removed.add(`${i}`);
          for (let i = 0; i < 100; i++) store.add(book(`new-${i}`, `Volume ${i * 10} new`, `F${i}`, 'L'));
        }
        assert.equal(new Set(given).size, given.length, 'a book given twice');
        const survivors = (await store.find({ title, sort })).books.map((entry) => entry.isbn).filter((isbn) => !isbn.startsWith('new-'));
        assert.deepEqual(
          given.filter((isbn) => survivors.includes(isbn)),
          survivors,
          `${title} ${JSON.stringify(sort)}`,
        );
        // A book added since the scan began is not given: a batch of adds is seen whole or not at all (api.md, Listing, rule 10).
        for (const isbn of given) assert.ok(survivors.includes(isbn) || removed.has(isbn), isbn);
      }
    });

    it('replaces a book in its place: get, listings, searches and the duplicate rule see the new fields at once', async () => {
      const store = make(10);
      for (const [isbn, title] of [
        ['1', 'Alpha'],
        ['2', 'Beta'],
        ['3', 'Gamma'],
      ] as const)
        store.add(book(isbn, title));
      const revision = store.revision;
      assert.deepEqual(store.replace(book('2', 'Omega', 'Zed', 'Young')), { replaced: store.get('2') });
      assert.deepEqual({ ...store.get('2') }, book('2', 'Omega', 'Zed', 'Young'));
      assert.ok(store.revision > revision);
      assert.equal(store.size, 3);
      assert.deepEqual(await isbns({}, store), ['1', '2', '3']);
      assert.deepEqual(await isbns({ title: 'omega' }, store), ['2']);
      assert.deepEqual(await isbns({ title: 'beta' }, store), []);
      assert.deepEqual(await isbns({ sort: { key: 'title', descending: false } }, store), ['1', '3', '2']);
      assert.deepEqual(await isbns({ sort: { key: 'author', descending: true } }, store), ['2', '1', '3']);
      // The old title and names are free at once; the new ones are taken.
      assert.ok('added' in store.add(book('4', 'Beta')));
      assert.deepEqual(store.add(book('5', 'Omega', 'Zed', 'Young')), { refused: 'duplicate' });
    });

    it('refuses a replace of an unknown isbn, then a duplicate of another book, then a change past the text budget, in that order', async () => {
      const store = make(2);
      store.add(book('1', 'One', 'Ann', 'Lee'));
      store.add(book('2', 'Two', 'Ann', 'Lee'));
      const refused = (fields: BookFields): ReplaceOutcome => store.replace(fields);
      assert.deepEqual(refused(book('3', 'One', 'Ann', 'Lee')), { refused: 'not-found' });
      assert.deepEqual(refused(book('2', 'One', 'Ann', 'Lee')), { refused: 'duplicate' });
      assert.deepEqual(refused(book('2', 'x'.repeat(2 * TEXT_PER_BOOK))), { refused: 'text-full' });
      // A book may keep its own title and names: it is no duplicate of itself.
      assert.deepEqual(refused(book('1', 'One', 'Ann', 'Lee')), { replaced: store.get('1') });
      assert.deepEqual([store.get('2')?.title, store.size], ['Two', 2]);
    });

    it('counts a replace in the text budget: a longer book takes the difference, a shorter one gives it back', async () => {
      const store = make(2);
      // 1 + 100 + 1 + 1 code units each: 206 of the 256 that two books may hold.
      store.add(book('1', 't'.repeat(100)));
      store.add(book('2', 'u'.repeat(100)));
      assert.deepEqual(store.replace(book('1', 't'.repeat(151))), { refused: 'text-full' });
      assert.deepEqual(store.replace(book('1', 't'.repeat(150))), { replaced: store.get('1') });
      assert.deepEqual(store.replace(book('2', 'u'.repeat(50))), { replaced: store.get('2') });
      assert.deepEqual(store.replace(book('1', 't'.repeat(200))), { replaced: store.get('1') });
      assert.deepEqual(store.add(book('3', 't')), { refused: 'full' });
    });

    it('filters by the shown author: the kept author, or else the names joined with a space', async () => {
      const store = make(10);
      store.add(book('1', 'The Hobbit', 'JRR', 'Tolkien'));
      store.add(book('2', 'Earthsea', 'Ursula', 'K.', 'Ursula K. Le Guin'));
      store.add(book('3', 'Tolkien: a Biography', 'Humphrey', 'Carpenter'));
      assert.deepEqual(await isbns({ author: 'TOLKIEN' }, store), ['1']);
      assert.deepEqual(await isbns({ author: 'r t' }, store), ['1']);
      assert.deepEqual(await isbns({ author: 'le guin' }, store), ['2']);
      assert.deepEqual(await isbns({ author: 'k. le' }, store), ['2']);
      assert.deepEqual(await isbns({ author: 'e', title: 'bio' }, store), ['3']);
      assert.deepEqual(await isbns({ author: 'zzz' }, store), []);
      store.replace(book('2', 'Earthsea', 'Ursula', 'Le Guin'));
      assert.deepEqual(await isbns({ author: 'k. le' }, store), []);
      assert.deepEqual(await isbns({ author: 'a le' }, store), ['2']);
      store.remove('1');
      assert.deepEqual(await isbns({ author: 'tolkien' }, store), []);
    });

    it('finds books holding every word, each in the title or in the shown author, in any order', async () => {
      const store = make(10);
      store.add(book('1', 'The Lord of the Rings', 'JRR', 'Tolkien'));
      store.add(book('2', 'Tolkien: a Biography', 'Humphrey', 'Carpenter'));
      store.add(book('3', 'Rings of Saturn', 'W. G.', 'Sebald'));
      assert.deepEqual(await isbns({ words: ['tolkien', 'rings'] }, store), ['1']);
      assert.deepEqual(await isbns({ words: ['RINGS', 'TOLKIEN'] }, store), ['1']);
      assert.deepEqual(await isbns({ words: ['tolkien'] }, store), ['1', '2']);
      assert.deepEqual(await isbns({ words: ['rings'], sort: { key: 'author', descending: false } }, store), ['3', '1']);
      // A word must lie whole in one text: "rings tolkien" spans the title and the author.
      assert.deepEqual(await isbns({ words: ['s j'] }, store), []);
      assert.deepEqual(await isbns({ words: ['rings', 'zzz'] }, store), []);
      assert.deepEqual(await isbns({ title: 'of', author: 'sebald', words: ['w.'] }, store), ['3']);
      assert.deepEqual(await store.find({ words: ['o'], offset: 1, limit: 1 }), { books: [store.get('2')], total: 3 });
      store.replace(book('3', 'Austerlitz', 'W. G.', 'Sebald'));
      assert.deepEqual(await isbns({ words: ['rings'] }, store), ['1']);
    });

    it('scans a search of many matches in order, as find lists them', async () => {
      const store = make(2000);
      for (let i = 0; i < 1500; i++) store.add(book(`${i}`, `Volume ${i}`, i % 2 ? 'Ann' : 'Bo', `Lee ${i % 7}`));
      const query = { author: 'ann', words: ['lee', 'vol'], sort: { key: 'title' as const, descending: true } };
      const found = await store.scan(query);
      assert.deepEqual(await collect(found.books), [...(await store.find(query)).books]);
      assert.equal(found.total, 750);
    });

    it('counts a title once however often it holds the filter', async () => {
      const store = make(10);
      store.add(book('1', 'aaaa aaaa'));
      assert.deepEqual((await store.find({ title: 'aaa' })).total, 1);
      assert.deepEqual((await store.find({ title: 'a' })).total, 1);
    });
  });
}
