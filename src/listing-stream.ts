/**
 * A large collection as a stream of its JSON, made a piece at a time as the client reads it, so
 * that an answer of every book never sits in memory whole (api.md, Limits). Its bytes are exactly
 * those of `JSON.stringify(renderCollection(...))`.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type BookFields, toBook } from './books/book.ts';
import { type Page, renderBook, renderCollection } from './hal.ts';

/** The start of every collection's JSON, up to where its books go. */
const BOOKS_START = '{"_embedded":{"bookDTOList":[';
/** About how long a piece is, in UTF-16 code units. */
const PIECE_LENGTH = 16 * 1024;

type Books = Iterable<BookFields> | AsyncIterable<BookFields>;

export function collectionStream(books: Books, base: string, page?: Page, templates?: object): Readable {
  // One piece is made ahead of the one being written, no more.
  return Readable.from(pieces(books, base, page, templates), { highWaterMark: 1 });
}

/**
 * The books go between the two halves of the collection rendered with none. After each piece
 * the generator waits a turn of the event loop: a local client takes a piece at once, and the
 * wait lets every other request be answered in between.
 */
async function* pieces(books: Books, base: string, page?: Page, templates?: object): AsyncGenerator<string> {
  const empty = JSON.stringify(renderCollection([], base, page, templates));
  let piece = BOOKS_START;
  let first = true;
  for await (const book of books) {
    piece += `${first ? '' : ','}${JSON.stringify(renderBook(toBook(book), base))}`;
    first = false;
    if (piece.length >= PIECE_LENGTH) {
      yield piece;
      piece = '';
      await nextTurn();
    }
  }
  yield piece + empty.slice(BOOKS_START.length);
}
