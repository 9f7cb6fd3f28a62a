/**
 * The book rules of SPEC section 2: the client's view, the stored fields, and the derivation of
 * the author fields. Pure functions, no I/O.
 */

/** The client's view of a book: all five fields, always strings. */
export interface Book {
  readonly isbn: string;
  readonly title: string;
  /** Full name; kept for backward compatibility (version 1). */
  readonly author: string;
  /** Introduced in version 2. */
  readonly authorFirstName: string;
  /** Introduced in version 2. */
  readonly authorLastName: string;
}

/** A submitted book after validation: isbn and title have text; the author fields may be absent. */
export interface BookInput {
  readonly isbn: string;
  readonly title: string;
  readonly author?: string | null | undefined;
  readonly authorFirstName?: string | null | undefined;
  readonly authorLastName?: string | null | undefined;
}

/**
 * What the store keeps of a book (its generated id stays inside the store). The names are the
 * derived values; `author` is the submitted text, kept only where the view could not rebuild it
 * from the names (DECISIONS C), so nothing the client sent is lost.
 */
export interface BookFields {
  readonly isbn: string;
  readonly title: string;
  readonly authorFirstName: string;
  readonly authorLastName: string;
  readonly author: string | undefined;
}

/** SPEC: "has text" means non-null and holding at least one non-whitespace character. */
export function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && /\S/.test(value);
}

/** The tokens of an author are its runs of non-whitespace characters (DECISIONS C). */
export function authorTokens(author: string): string[] {
  return author.split(/\s+/).filter((token) => token !== '');
}

/** SPEC section 2, rules 2 and 3: explicit names win; otherwise the first two tokens of `author`. */
export function deriveNames(input: Omit<BookInput, 'isbn' | 'title'>): { first: string; last: string } {
  const tokens = hasText(input.author) ? authorTokens(input.author) : [];
  return {
    first: hasText(input.authorFirstName) ? input.authorFirstName : (tokens[0] ?? ''),
    last: hasText(input.authorLastName) ? input.authorLastName : (tokens[1] ?? ''),
  };
}

/** The fields to store for a validated submission. */
export function toFields(input: BookInput): BookFields {
  const { first, last } = deriveNames(input);
  // Rule 1 would rebuild an author equal to "first last", so only a different one is kept.
  const author = hasText(input.author) && input.author !== joinNames(first, last) ? input.author : undefined;
  return { isbn: input.isbn, title: input.title, authorFirstName: first, authorLastName: last, author };
}

/** SPEC section 2, rule 1, applied to stored fields. */
export function toBook(fields: BookFields): Book {
  return {
    isbn: fields.isbn,
    title: fields.title,
    author: fields.author ?? joinNames(fields.authorFirstName, fields.authorLastName),
    authorFirstName: fields.authorFirstName,
    authorLastName: fields.authorLastName,
  };
}

function joinNames(first: string, last: string): string {
  return hasText(first) && hasText(last) ? `${first} ${last}` : '';
}
