/** The indexed store's duplicate rule, one lookup a write (text-index.ts holds it). */
import type { StoredBook } from './records.ts';
import { hashStrings, IdHash } from './id-hash.ts';

/**
 * The duplicate rule's lookup (api.md, Adding a book): no two books with the same title and the
 * same derived names. The ids in an open-addressing hash (id-hash.ts) keyed by the title and the
 * two names, which keeps no copy of them: a write looks up one entry, never the books that share
 * its title.
 */
export class DuplicateIndex {
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
