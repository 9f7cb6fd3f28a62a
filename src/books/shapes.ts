/**
 * The three shapes of a book, as types built from the rows of the table of fields (fields.ts):
 * what a client submits, what the store keeps, and what a client is shown.
 */
import type { FIELDS } from './fields.ts';

// A field's type gives its value's type, `required` whether it may be left out; the author
// group, whose fields are derived from each other, is always shown as text.
type Field = (typeof FIELDS.rows)[number];
type ValueOf<F> = F extends { readonly type: 'integer' } ? number : string;
type Grouped = Extract<Field, { readonly group: string }>;
type Required = Extract<Exclude<Field, Grouped>, { readonly required: true }>;
type Optional = Exclude<Field, Grouped | Required>;
type Given<F extends Field> = { readonly [R in F as R['name']]: ValueOf<R> };
type MaybeGiven<F extends Field> = { readonly [R in F as R['name']]?: ValueOf<R> | undefined };

/** The client's view of a book: the author fields always, as text; an optional field when it is set. */
export type Book = Given<Required> & Given<Grouped> & MaybeGiven<Optional>;

/** A submitted book after validation: the required fields hold text; the others may be absent, or null. */
export type BookInput = Given<Required> & { readonly [R in Grouped | Optional as R['name']]?: ValueOf<R> | null | undefined };

/**
 * What the store keeps of a book (its generated id stays inside the store). The names are the
 * derived values; `author` is the submitted text, kept only where the view could not rebuild it
 * from the names (api.md, Authors, rule 4), so nothing the client sent is lost.
 */
export type BookFields = Given<Required> &
  MaybeGiven<Optional> & { readonly authorFirstName: string; readonly authorLastName: string; readonly author: string | undefined };
