/**
 * The obviously correct BookStore: an array, `filter`, `sort` and `slice`, the way a naive
 * framework handler would answer every request. The contract suite runs the same cases against
 * it and against MemoryBookStore, and a randomized run compares their every answer.
 */
import type { BookFields } from '../../src/books/book.ts';
import { type AddOutcome, type BookPage, type BookQuery, type BookScan, type BookStore, type ReplaceOutcome, TEXT_PER_BOOK } from '../../src/books/store.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export class PlainBookStore implements BookStore {
  readonly capacity: number;
  readonly textCapacity: number;
  revision = 0;
  /** In insertion order. */
  private books: BookFields[] = [];

  constructor(capacity: number) {
    this.capacity = capacity;
    this.textCapacity = capacity * TEXT_PER_BOOK;
  }

  get size(): number {
    return this.books.length;
  }

  get(isbn: string): BookFields | undefined {
    return this.books.find((book) => book.isbn === isbn);
  }

  add(fields: BookFields): AddOutcome {
    if (this.get(fields.isbn)) return { refused: 'isbn-taken' };
    if (this.books.some((book) => sameTitleAndNames(book, fields))) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };
    if (this.books.reduce((sum, book) => sum + textOf(book), textOf(fields)) > this.textCapacity) return { refused: 'text-full' };
    const book = { ...fields };
    this.books.push(book);
    this.revision++;
    return { added: book };
  }

  /** The book with this isbn, swapped in its place in the array: insertion order is the array's. */
  replace(fields: BookFields): ReplaceOutcome {
    const at = this.books.findIndex((book) => book.isbn === fields.isbn);
    if (at < 0) return { refused: 'not-found' };
    const others = this.books.filter((_, index) => index !== at);
    if (others.some((book) => sameTitleAndNames(book, fields))) return { refused: 'duplicate' };
    if (others.reduce((sum, book) => sum + textOf(book), textOf(fields)) > this.textCapacity) return { refused: 'text-full' };
    const book = { ...fields };
    this.books[at] = book;
    this.revision++;
    return { replaced: book };
  }

  remove(isbn: string): boolean {
    const before = this.size;
    this.books = this.books.filter((book) => book.isbn !== isbn);
    if (this.size < before) this.revision++;
    return this.size < before;
  }

  find({ title, sort, offset = 0, limit = Infinity }: BookQuery): BookPage {
    let found = this.books;
    if (title !== undefined) found = found.filter((book) => book.title.toLowerCase().includes(title.toLowerCase()));
    if (sort) {
      // The fields compared in turn: text by the collator, a number by value, an absent one last.
      const fields = sort.key === 'author' ? (['authorLastName', 'authorFirstName'] as const) : [sort.key];
      const compare = (a: BookFields, b: BookFields): number => {
        for (const name of fields) {
          const [x, y]: unknown[] = [a[name], b[name]];
          const order =
            x === undefined || y === undefined
              ? Number(x === undefined) - Number(y === undefined)
              : typeof x === 'number'
                ? x - (y as number)
                : collator.compare(x as string, y as string);
          if (order !== 0) return order;
        }
        return 0;
      };
      // Array.prototype.sort is stable, so ties keep insertion order in both directions.
      found = [...found].sort((a, b) => (sort.descending ? compare(b, a) : compare(a, b)));
    }
    return { books: found.slice(offset, offset + limit), total: found.length };
  }

  /** A copy of the whole answer: what a scan read batch by batch must match when nothing changes. */
  scan(query: Pick<BookQuery, 'title' | 'sort'>): BookScan {
    return this.find(query);
  }
}

function sameTitleAndNames(a: BookFields, b: BookFields): boolean {
  return a.title === b.title && a.authorFirstName === b.authorFirstName && a.authorLastName === b.authorLastName;
}

/** Every code unit of text a book holds. */
function textOf(book: BookFields): number {
  return [book.isbn, book.title, book.authorFirstName, book.authorLastName, book.author ?? ''].join('').length;
}
