/**
 * The title index: what the store looks up by title. The duplicate rule's lookup (a book with
 * exactly this title and these names) and, once built, the suffix array that answers the title
 * filter (suffix-array.ts). Both hold ids, and see a write the moment the store makes it.
 */
import type { StoredBook } from './records.ts';
import { SuffixArray, type TitleMatches } from './suffix-array.ts';
import { hashStrings, IdHash } from './id-hash.ts';

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
    this.duplicates.remove(book, id);
    this.suffixes?.remove(id);
  }

  /** Indexes `book` in place of `old` under the same id; throws, changing nothing, like `add`. */
  replace(id: number, old: StoredBook, book: StoredBook): void {
    this.suffixes?.replace(id, book.title);
    this.duplicates.remove(old, id);
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
  private readonly ids: IdHash<StoredBook>;

  constructor(bookOf: (id: number) => StoredBook) {
    const hash = (book: StoredBook): number => hashStrings(book.title, book.authorFirstName, book.authorLastName);
    this.ids = new IdHash<StoredBook>(
      hash,
      (id) => hash(bookOf(id)),
      (id, book) => {
        const stored = bookOf(id);
        return stored.title === book.title && sameNames(stored, book);
      },
    );
  }

  find(book: StoredBook): number | undefined {
    return this.ids.find(book);
  }

  add(book: StoredBook, id: number): void {
    this.ids.add(id, book);
  }

  remove(book: StoredBook, id: number): void {
    this.ids.delete(id, book);
  }
}

function sameNames(a: StoredBook, b: StoredBook): boolean {
  return a.authorFirstName === b.authorFirstName && a.authorLastName === b.authorLastName;
}
