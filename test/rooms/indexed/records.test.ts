/**
 * The record table against a plain one: a list of books in insertion order, where a replace
 * swaps a book in its place. Books, insertion order, size, text budget and revision compared
 * through a seeded run of adds, removes and replaces.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookFields, textLength } from '../../../src/core/book.ts';
import { RecordTable } from '../../../src/rooms/indexed/records.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();

const book = (isbn: string, title: string, author?: string): BookFields => ({
  isbn,
  title,
  authorFirstName: 'Ann',
  authorLastName: 'Lee',
  author,
});

/** The obvious record table: the books in insertion order, their text summed when asked. */
class PlainRecords {
  books: BookFields[] = [];
  revision = 0;
  add(entry: BookFields): void {
    this.books.push(entry);
    this.revision++;
  }
  remove(isbn: string): void {
    this.books = this.books.filter((entry) => entry.isbn !== isbn);
    this.revision++;
  }
  replace(entry: BookFields): void {
    this.books = this.books.map((old) => (old.isbn === entry.isbn ? entry : old));
    this.revision++;
  }
  get text(): number {
    return this.books.reduce((sum, entry) => sum + textLength(entry), 0);
  }
}

/** The table's books in insertion order, as its ids and add times say. */
function inOrder(table: RecordTable): BookFields[] {
  return [...table.liveIds()].sort((a, b) => table.addedAt(a) - table.addedAt(b)).map((id) => table.book(id));
}

describe('RecordTable', () => {
  it('counts a book’s text over isbn, title, both names and the author it kept', () => {
    assert.equal(textLength(book('12', 'Title')), 2 + 5 + 3 + 3);
    assert.equal(textLength(book('12', 'Title', 'Ann B. Lee')), 2 + 5 + 3 + 3 + 10);
  });

  it('adds under the next id, reuses a removed book’s id, and keeps a replaced book’s place and id', () => {
    const table = new RecordTable(1000, textLength);
    assert.equal(table.nextId(), 0);
    const first = table.add(book('a', 'One'));
    const second = table.add(book('b', 'Two'));
    assert.deepEqual([first, second, table.size, table.revision], [0, 1, 2, 2]);
    assert.equal(table.remove(first).isbn, 'a');
    assert.deepEqual([table.idOf('a'), table.nextId(), table.size], [undefined, 0, 1]);
    assert.equal(table.add(book('c', 'Three')), 0);
    assert.deepEqual(
      inOrder(table).map((entry) => entry.isbn),
      ['b', 'c'],
    );
    assert.equal(table.replace(second, book('b', 'Two, again')).title, 'Two');
    assert.deepEqual(
      inOrder(table).map((entry) => entry.title),
      ['Two, again', 'Three'],
    );
    assert.deepEqual([table.idOf('b'), table.revision], [second, 5]);
    assert.deepEqual(
      table.all().map((book) => book?.title),
      ['Three', 'Two, again'],
    );
  });

  it('says whether a change keeps the text within the budget, a shrink included', () => {
    const table = new RecordTable(20, textLength);
    const id = table.add(book('1', 'x'.repeat(13))); // 1 + 13 + 3 + 3 = 20: the whole budget
    assert.deepEqual([table.textFits(0), table.textFits(1), table.textFits(-5)], [true, false, true]);
    table.replace(id, book('1', 'x'.repeat(3)));
    assert.deepEqual([table.textFits(10), table.textFits(11)], [true, false]);
    table.remove(id);
    assert.equal(table.textFits(20), true);
  });

  it(`answers as the plain table does through a seeded run (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const table = new RecordTable(1_000_000, textLength);
    const plain = new PlainRecords();
    let next = 0;
    let most = 0;
    for (let step = 0; step < 3000; step++) {
      const roll = random.int(3);
      const live = plain.books.map((entry) => entry.isbn);
      if (roll === 0 || live.length === 0) {
        const entry = book(`i${next++}`, 'T'.repeat(1 + random.int(40)), random.int(2) ? 'Ann Lee' : undefined);
        table.add(entry);
        plain.add(entry);
      } else if (roll === 1) {
        const isbn = random.pick(live);
        table.remove(table.idOf(isbn) as number);
        plain.remove(isbn);
      } else {
        const entry = book(random.pick(live), 'R'.repeat(1 + random.int(40)));
        table.replace(table.idOf(entry.isbn) as number, entry);
        plain.replace(entry);
      }
      most = Math.max(most, plain.books.length);
      assert.deepEqual(inOrder(table), plain.books, `step ${step} (seed ${SEED})`);
      assert.deepEqual([table.size, table.revision], [plain.books.length, plain.revision]);
      assert.deepEqual(
        [table.textFits(1_000_000 - plain.text), table.textFits(1_000_001 - plain.text)],
        [true, false],
        `step ${step}: text`,
      );
    }
    // Ids are reused, so the arrays indexed by id never outgrow the most books held at once.
    assert.equal(table.all().map((book) => book?.title).length, most);
  });
});
