// @ts-check
// The book view: a book's own fields as labels and values, Edit and Delete when its path offers
// PUT and DELETE, and the books of a page as rows whose titles follow their `self` links.
import { uriFor, withParameter } from './address.js';
import { button, element, fill, linkTo, make } from './dom.js';

/** A resource's own fields as a list of labels and values; links and embedded items are shown apart. @param {any} body @param {import('./openapi.js').Api} api */
export function showFields(body, api) {
  const rows = [];
  if (body && typeof body === 'object' && !body._embedded) {
    for (const [name, value] of Object.entries(body)) {
      if (name.startsWith('_')) continue;
      const field = make('dd', name === 'author' && value ? '' : shortly(value), name === 'isbn' ? 'isbn' : '');
      if (name === 'author' && value) field.append(byAuthor(body));
      rows.push(make('dt', api.label(name)), field);
    }
  }
  fill(element('fields'), rows);
}

/** A value in a few words: a nested object or list is named, and left to the raw body. @param {unknown} value */
function shortly(value) {
  if (value === '' || value === null || value === undefined) return '(none)';
  if (Array.isArray(value)) return `a list of ${value.length} (see the raw body)`;
  if (typeof value === 'object') return `an object with ${Object.keys(value).length} fields (see the raw body)`;
  return String(value);
}

/**
 * Edit and Delete on a resource whose HAL-FORMS templates offer them (api.md, Forms); a write's
 * answer, which comes in HAL, offers what its path does in the OpenAPI document.
 * @param {any} body @param {string | null} etag @param {import('./view.js').Context} context
 */
export function showActions(body, etag, context) {
  const self = body?._links?.self?.href;
  const uri = typeof self === 'string' ? uriFor(self) : undefined;
  const controls = [];
  if (uri !== undefined && !body._embedded) {
    const forms = body._templates;
    const methods = context.api.methodsAt(uri);
    if (forms ? forms.default !== undefined : methods.has('put')) controls.push(button('Edit', () => context.edit(body, etag)));
    if (forms ? forms.delete !== undefined : methods.has('delete')) {
      const remove = button('Delete', () => context.remove(body, remove));
      controls.push(remove);
    }
  }
  const status = make('div', '', 'write-status');
  status.id = 'action-status';
  status.tabIndex = -1;
  status.hidden = true;
  fill(element('actions'), controls.length === 0 ? [] : [...controls, status]);
}

/** Each embedded book as a row whose title follows its `self` link. @param {any} embedded @param {import('./openapi.js').Api | undefined} api */
export function showBooks(embedded, api) {
  const table = /** @type {HTMLTableElement} */ (element('books'));
  const rows = /** @type {HTMLElement} */ (table.tBodies[0]);
  const books = embedded && typeof embedded === 'object' ? Object.values(embedded).flat() : [];
  rows.replaceChildren(
    ...books.map((book) => {
      const row = make('tr');
      const title = make('td', '', 'title');
      const self = uriFor(String(book?._links?.self?.href ?? ''));
      title.append(self === undefined ? make('span', String(book?.title)) : linkTo(self, String(book?.title)));
      const author = make('td');
      author.append(byAuthor(book));
      row.append(title, author, make('td', String(book?.isbn ?? ''), 'isbn'));
      return row;
    }),
  );
  if (api) {
    const heads = table.tHead?.rows[0]?.cells ?? [];
    ['title', 'author', 'isbn'].forEach((name, index) => heads[index] && (heads[index].textContent = api.label(name)));
  }
  table.hidden = books.length === 0;
}

/**
 * A book's author as a link to the list of that author's books (`author=`, from the book's own
 * `books` link), since a search of words would find other books too ("frank" finds Frankenstein).
 * @param {any} book
 */
function byAuthor(book) {
  const author = String(book?.author ?? '');
  const books = uriFor(String(book?._links?.books?.href ?? ''));
  return books === undefined || author === '' ? make('span', author) : linkTo(withParameter(books, 'author', author), author);
}
