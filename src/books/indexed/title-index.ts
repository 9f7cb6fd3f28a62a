/**
 * The title index: what the store looks up by title. The duplicate rule's lookup (a book with
 * exactly this title and these names) and, once built, the suffix array that answers the title
 * filter (suffix-array.ts). Both hold ids, and see a write the moment the store makes it.
 */
import type { StoredBook } from './records.ts';
import { SuffixArray, type TitleMatches } from './suffix-array.ts';

export class TitleIndex {
  private readonly duplicates: DuplicateIndex;
  /** Built at once by `build`, and kept up to date from then on. */
  private suffixes: SuffixArray | undefined;

  /** `bookOf(id)`: the stored book under a live id. */
  constructor(bookOf: (id: number) => StoredBook) {
    this.duplicates = new DuplicateIndex(bookOf);
  }

  /** The id of the stored book with exactly this title and these derived names, if there is one. */
  duplicateOf(book: StoredBook): number | undefined {
    return this.duplicates.find(book);
  }

  /** Indexes a book under an id; throws, changing nothing, when its title is beyond the suffix array. */
  add(id: number, book: StoredBook): void {
    // First the one step that can refuse a title, before anything changed.
    this.suffixes?.add(id, book.title);
    this.duplicates.add(book, id);
  }

  remove(id: number, book: StoredBook): void {
    this.duplicates.remove(book);
    this.suffixes?.remove(id);
  }

  /** Indexes `book` in place of `old` under the same id; throws, changing nothing, like `add`. */
  replace(id: number, old: StoredBook, book: StoredBook): void {
    this.suffixes?.replace(id, book.title);
    this.duplicates.remove(old);
    this.duplicates.add(book, id);
  }

  /**
   * Builds the suffix array now, in one pass over every title (by id, undefined where an id is
   * free), unless it is built already.
   */
  build(titles: () => readonly (string | undefined)[]): void {
    this.suffixes ??= new SuffixArray(titles());
  }

  /** The ids whose title contains `query`, both sides lower-cased; the suffix array must be built. */
  search(query: string): TitleMatches {
    return (this.suffixes as SuffixArray).search(query);
  }
}

/**
 * The duplicate rule (api.md, Adding a book): no two books with the same title and the same
 * derived names. By title, the id of its one book, or, once books share the title, a map from
 * the names to the id: a write looks up one entry, never the books that share its title. Most
 * titles are unique, and a bare number instead of a map saves memory on each of them.
 */
class DuplicateIndex {
  private readonly byTitle = new Map<string, number | Map<string, number>>();
  private readonly bookOf: (id: number) => StoredBook;

  constructor(bookOf: (id: number) => StoredBook) {
    this.bookOf = bookOf;
  }

  find(book: StoredBook): number | undefined {
    const entry = this.byTitle.get(book.title);
    if (typeof entry === 'number') return sameNames(this.bookOf(entry), book) ? entry : undefined;
    return entry?.get(namesOf(book));
  }

  add(book: StoredBook, id: number): void {
    const entry = this.byTitle.get(book.title);
    if (entry === undefined) this.byTitle.set(book.title, id);
    else if (typeof entry === 'number')
      this.byTitle.set(
        book.title,
        new Map([
          [namesOf(this.bookOf(entry)), entry],
          [namesOf(book), id],
        ]),
      );
    else entry.set(namesOf(book), id);
  }

  remove(book: StoredBook): void {
    const entry = this.byTitle.get(book.title);
    if (typeof entry === 'object') entry.delete(namesOf(book));
    if (typeof entry !== 'object' || entry.size === 0) this.byTitle.delete(book.title);
  }
}

function sameNames(a: StoredBook, b: StoredBook): boolean {
  return a.authorFirstName === b.authorFirstName && a.authorLastName === b.authorLastName;
}

/** The derived names as one key; JSON keeps ("a b", "c") and ("a", "b c") apart. */
function namesOf(book: StoredBook): string {
  return JSON.stringify([book.authorFirstName, book.authorLastName]);
}
