// @ts-check
/**
 * The view: one answer of the API, resource first. A heading that names it (a book's title,
 * "Books, page 2 of 15"), the request line and its status, a book's fields as a list and its
 * actions, the pager and the books of a page, the links; then the headers that matter and,
 * collapsed, every header and the raw body. Everything here is written as text.
 */
import { firstPage, fragmentFor, queryOf, uriFor, withParameter } from './address.js';
import { button, element, fill, make } from './dom.js';

/**
 * @typedef {object} Answer  one response, and the request that got it
 * @property {string} method
 * @property {string} uri  the request's path and query, relative to the API's base
 * @property {Response} response
 * @property {any} body  the parsed JSON; the text when it is not JSON; undefined when empty
 */

/**
 * @typedef {object} Context  what the view needs from the rest of the page
 * @property {import('./openapi.js').Api} api
 * @property {(uri: string, keepFocusOn?: string) => void} go  shows a uri; a select keeps focus
 * @property {(book: any, etag: string | null) => void} edit
 * @property {(book: any, control: HTMLButtonElement) => void} remove
 */

/** The headers shown without opening anything: what a reader of this API looks for first. */
const KEY_HEADERS = ['Content-Type', 'ETag', 'Location', 'X-Request-Id'];
/** Paging relations, shown in the pager in words instead of in the list of links. @type {[string, string][]} */
const PAGER = [
  ['first', 'First'],
  ['prev', 'Previous'],
  ['next', 'Next'],
  ['last', 'Last'],
];
/** Page sizes on offer; the API's own limit cuts the list (see readApi's maxPageSize). */
const PAGE_SIZES = [10, 20, 50, 100];

/** @param {Response} response */
export const isProblem = (response) => (response.headers.get('Content-Type') ?? '').startsWith('application/problem+json');

/** A link to show `uri`, written into the fragment, so Back, reload and bookmarks work. @param {string} uri @param {string} text */
export function linkTo(uri, text) {
  const anchor = make('a', text);
  anchor.href = fragmentFor(uri);
  return anchor;
}

/**
 * The name of what is on view: a problem's status and title, a page of books, a book's title,
 * or what the OpenAPI document calls the path's GET.
 * @param {Answer} answer
 * @param {import('./openapi.js').Api} api
 */
export function headingFor({ uri, response, body }, api) {
  if (isProblem(response)) return `${body?.status ?? response.status} ${body?.title ?? response.statusText}`;
  const title = queryOf(uri).get('title')?.trim();
  const books = title ? `Books matching “${title}”` : 'Books';
  if (body?.page) return `${books}, page ${body.page.number + 1} of ${body.page.totalPages}`;
  if (body?._embedded) return books;
  if (typeof body?.title === 'string' && body.title.trim() !== '') return body.title;
  return api.summaryAt(uri) ?? uri;
}

/** A problem as readable text: status and title, detail, and each error with its pointer. @param {any} problem */
export function problemNodes(problem) {
  const nodes = [make('strong', `${problem?.status ?? ''} ${problem?.title ?? ''}`.trim()), make('p', problem?.detail ?? '')];
  const errors = (problem?.errors ?? []).map((/** @type {any} */ error) =>
    make('li', `${error.pointer ?? error.parameter}: ${error.detail}`),
  );
  if (errors.length > 0) {
    const list = make('ul');
    list.append(...errors);
    nodes.push(list);
  }
  return nodes;
}

/**
 * Shows one answer. `note` says what a write did ("Added"), above the resource.
 * @param {Answer} answer
 * @param {Context} context
 * @param {string} [note]
 */
export function showAnswer(answer, context, note = '') {
  const { response, body } = answer;
  const problem = isProblem(response);
  element('view-heading').textContent = headingFor(answer, context.api);
  showRequest(answer.method, answer.uri, `${response.status} ${response.statusText}`);
  fill(element('message'), note === '' ? [] : [make('p', note)]);
  fill(element('problem'), problem ? problemNodes(body) : []);
  showFields(problem ? undefined : body, context.api);
  showActions(problem ? undefined : body, answer.response.headers.get('ETag'), context);
  showPaging(answer, context);
  showBooks(body?._embedded, context.api);
  showLinks(body?._links, Boolean(body?.page), context.api);
  showHeaders(response.headers);
  element('body').textContent = body === undefined ? '(no body)' : typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/**
 * Shows a view that is not a resource of the API: a failed request or a refused address (as
 * an error), a deleted book (as a note). Whatever was on view before goes, so nothing stale
 * stays under a new address. `request` is the method, the uri and the status, when there was a
 * request; `response` holds the headers when there was an answer.
 * @param {{ heading: string, error?: boolean, request?: [string, string, string], lines: string[], controls?: Node[], headers?: Headers }} notice
 */
export function showNotice({ heading, error = false, request = ['', '', ''], lines, controls = [], headers }) {
  element('view-heading').textContent = heading;
  showRequest(...request);
  const paragraphs = lines.map((line) => make('p', line));
  if (controls.length > 0) {
    const row = make('p');
    row.append(...controls);
    paragraphs.push(row);
  }
  fill(element(error ? 'problem' : 'message'), paragraphs);
  for (const id of [error ? 'message' : 'problem', 'fields', 'actions', 'paging', 'links']) fill(element(id), []);
  element('links-block').hidden = true;
  showBooks(undefined, undefined);
  showHeaders(headers);
  element('body').textContent = '(no body)';
}

/** The request line (`GET /books?page=0&size=20`) and the status that answered it. @param {string} method @param {string} uri @param {string} status */
function showRequest(method, uri, status) {
  element('request-line').textContent = method === '' ? '' : `${method} ${uri}`;
  element('status').textContent = status;
  element('request').hidden = method === '';
}

/** A resource's own fields as a list of labels and values; links and embedded items are shown apart. @param {any} body @param {import('./openapi.js').Api} api */
function showFields(body, api) {
  const rows = [];
  if (body && typeof body === 'object' && !body._embedded) {
    for (const [name, value] of Object.entries(body)) {
      if (name.startsWith('_')) continue;
      rows.push(make('dt', api.label(name)), make('dd', shortly(value), name === 'isbn' ? 'isbn' : ''));
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
 * Edit and Delete on a resource whose path offers PUT and DELETE in the OpenAPI document.
 * @param {any} body @param {string | null} etag @param {Context} context
 */
function showActions(body, etag, context) {
  const self = body?._links?.self?.href;
  const uri = typeof self === 'string' ? uriFor(self) : undefined;
  const controls = [];
  if (uri !== undefined && !body._embedded) {
    const methods = context.api.methodsAt(uri);
    if (methods.has('put')) controls.push(button('Edit', () => context.edit(body, etag)));
    if (methods.has('delete')) {
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

/** The pager of a paged collection: where this page lies, first/previous/next/last, page size and order. @param {Answer} answer @param {Context} context */
function showPaging({ uri, body }, context) {
  if (!body?.page) return fill(element('paging'), []);
  const { number, totalPages, totalElements, size } = body.page;
  const pager = make('nav');
  pager.setAttribute('aria-label', 'Pages');
  for (const [relation, word] of PAGER) {
    const target = body._links?.[relation]?.href;
    const targetUri = typeof target === 'string' ? uriFor(target) : undefined;
    // A page that does not exist (no previous on the first page) stays as text, so the pager does not move.
    pager.append(targetUri === undefined ? make('span', word, 'pager-off') : linkTo(targetUri, word), ' ');
  }
  const { api, go } = context;
  const sizes = [...new Set([...PAGE_SIZES, size])].filter((value) => value <= (api.maxPageSize ?? Infinity)).sort((a, b) => a - b);
  const sizeChoice = choice(
    'size',
    'Books per page',
    sizes.map((value) => [String(value), String(value)]),
    String(size),
    (value) => go(withParameter(uri, 'size', value), 'size'),
  );
  const sorts = sortChoices(api);
  const current = queryOf(uri).get('sort') ?? '';
  const chosen = sorts.find(([value]) => canonicalSort(value) === canonicalSort(current))?.[0] ?? '';
  const sortChoice = choice('sort', 'Sort by', [['', 'Order added'], ...sorts], chosen, (value) =>
    go(withParameter(uri, 'sort', value), 'sort'),
  );
  const controls = make('div', '', 'controls');
  controls.append(sizeChoice, sortChoice);
  fill(element('paging'), [make('p', `Page ${number + 1} of ${totalPages}, ${totalElements} books in all`), pager, controls]);
}

/** `title` and `title,asc` are the same order. @param {string} value */
const canonicalSort = (value) => (value === '' ? '' : value.includes(',') ? value : `${value},asc`);

/**
 * The sort choices the OpenAPI document lists, in words: `author,desc` reads "Author Z–A", and
 * a field the document types as a number, `year,desc`, "Year 9–0".
 * Each order is offered once, as the first value that names it.
 * @param {import('./openapi.js').Api} api
 * @returns {[string, string][]}
 */
export function sortChoices(api) {
  /** @type {Map<string, [string, string]>} */
  const choices = new Map();
  for (const value of api.sortValues) {
    const [key = '', direction = 'asc'] = value.split(',');
    const canonical = `${key},${direction}`;
    const numeric = (api.fields.find((field) => field.name === key)?.type ?? 'string') !== 'string';
    const words = numeric ? (direction === 'desc' ? '9–0' : '0–9') : direction === 'desc' ? 'Z–A' : 'A–Z';
    if (!choices.has(canonical)) choices.set(canonical, [value, `${api.label(key)} ${words}`]);
  }
  return [...choices.values()];
}

/**
 * A labelled select whose change shows another uri. `id` lets the new view give focus back to
 * the select of the same name, so arrowing through the choices keeps going.
 * @param {string} id @param {string} text @param {[string, string][]} options @param {string} chosen @param {(value: string) => void} change
 */
function choice(id, text, options, chosen, change) {
  const select = make('select');
  select.id = id;
  for (const [value, label] of options) select.append(new Option(label, value, false, value === chosen));
  select.addEventListener('change', () => change(select.value));
  const label = make('label', `${text} `);
  label.append(select);
  return label;
}

/** Each embedded book as a row whose title follows its `self` link. @param {any} embedded @param {import('./openapi.js').Api | undefined} api */
function showBooks(embedded, api) {
  const table = /** @type {HTMLTableElement} */ (element('books'));
  const rows = /** @type {HTMLElement} */ (table.tBodies[0]);
  const books = embedded && typeof embedded === 'object' ? Object.values(embedded).flat() : [];
  rows.replaceChildren(
    ...books.map((book) => {
      const row = make('tr');
      const title = make('td', '', 'title');
      const self = uriFor(String(book?._links?.self?.href ?? ''));
      title.append(self === undefined ? make('span', String(book?.title)) : linkTo(self, String(book?.title)));
      row.append(title, make('td', String(book?.author ?? '')), make('td', String(book?.isbn ?? ''), 'isbn'));
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
 * Every other link of the resource, named by its relation with its uri beside it. A link that
 * leaves the API is shown as text, never followed.
 * @param {Record<string, any> | undefined} links @param {boolean} paged @param {import('./openapi.js').Api} api
 */
function showLinks(links, paged, api) {
  const items = [];
  for (const [relation, link] of Object.entries(links ?? {})) {
    if (paged && PAGER.some(([name]) => name === relation)) continue;
    const uri = typeof link?.href === 'string' ? uriFor(link.href) : undefined;
    const item = make('li');
    if (uri === undefined) item.append(make('span', `${relation}: ${String(link?.href)} (outside this service: not followed)`));
    // A collection link is followed to its first page; the link as the API wrote it stays beside it.
    else item.append(linkTo(api.isPaged(uri) ? firstPage(uri) : uri, relation), ' ', make('code', uri));
    items.push(item);
  }
  fill(element('links'), items);
  element('links-block').hidden = items.length === 0;
}

/**
 * The key headers in view; every header behind a disclosure (fetch lists them sorted by name).
 * Without an answer (a failed request), the whole response block goes.
 * @param {Headers | undefined} headers
 */
function showHeaders(headers) {
  element('response').hidden = headers === undefined;
  if (headers === undefined) return;
  const key = [];
  for (const name of KEY_HEADERS) {
    const value = headers.get(name);
    if (value !== null) key.push(make('dt', name), make('dd', value));
  }
  fill(element('headers'), key);
  const all = [...headers].flatMap(([name, value]) => [make('dt', name), make('dd', value)]);
  element('all-headers').replaceChildren(...all);
  element('all-headers-count').textContent = String(all.length / 2);
}

/**
 * Says a request is running: `aria-busy` on the view and a visible line; undefined when done.
 * @param {string | undefined} request
 */
export function setBusy(request) {
  const view = element('view');
  view.setAttribute('aria-busy', String(request !== undefined));
  const line = element('loading');
  line.textContent = request === undefined ? '' : `Loading ${request}…`;
  line.hidden = request === undefined;
}
