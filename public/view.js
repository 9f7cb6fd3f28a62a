// @ts-check
// The view: one answer of the API, resource first, under a heading that names it; the request
// line, the links, the key headers and, collapsed, every header and the raw body. All as text.
import { firstPage, pathOf, searchedFor, uriFor } from './address.js';
import { showActions, showBooks, showFields } from './book.js';
import { element, fill, linkTo, make } from './dom.js';
import { PAGER, showPaging } from './pager.js';
import { templateForm } from './template-form.js';

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
/** @param {Response} response */
export const isProblem = (response) => (response.headers.get('Content-Type') ?? '').startsWith('application/problem+json');

/**
 * The name of what is on view: a problem's status and title, a page of books, a book's title,
 * or what the OpenAPI document calls the path's GET.
 * @param {Answer} answer
 * @param {import('./openapi.js').Api} api
 */
export function headingFor({ uri, response, body }, api) {
  if (isProblem(response)) return `${body?.status ?? response.status} ${body?.title ?? response.statusText}`;
  const text = searchedFor(uri);
  const books = text ? `Books matching “${text}”` : 'Books';
  if (body?.page) return `${books}, page ${body.page.number + 1} of ${body.page.totalPages}`;
  if (body?._embedded) return books;
  if (typeof body?.title === 'string' && body.title.trim() !== '') return body.title;
  if (pathOf(uri) === '/') return 'The book catalogue';
  return api.summaryAt(uri) ?? uri;
}

/** The tab's title names what is on view, as the heading does. @param {string} heading */
const nameTab = (heading) => void (document.title = `${heading} · Book catalogue explorer`);

/**
 * The API root, in a person's words: what the page is for, and the books first, as "Browse the
 * books"; the links themselves still show below, as the API wrote them.
 * @param {any} body @param {Context} context
 */
function rootIntro(body, context) {
  const books = uriFor(String(body?._links?.books?.href ?? ''));
  const lead = make(
    'p',
    'This page is the book catalogue, read through its API: browse and search the books, open one to see it, and add, edit or delete books with the form.',
  );
  if (books === undefined) return [lead];
  const browse = make('p', '', 'browse');
  browse.append(linkTo(context.api.isPaged(books) ? firstPage(books, context.api.pageSize) : books, 'Browse the books'));
  return [lead, browse];
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
  const heading = headingFor(answer, context.api);
  element('view-heading').textContent = heading;
  nameTab(heading);
  showRequest(answer.method, answer.uri, `${response.status} ${response.statusText}`);
  const intro = !problem && pathOf(answer.uri) === '/' ? rootIntro(body, context) : [];
  fill(element('message'), note === '' ? intro : [make('p', note), ...intro]);
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
  nameTab(heading);
  showRequest(...request);
  const paragraphs = lines.map((line) => make('p', line));
  if (controls.length > 0) {
    const row = make('p');
    row.append(...controls);
    paragraphs.push(row);
  }
  fill(element(error ? 'problem' : 'message'), paragraphs);
  for (const id of [error ? 'message' : 'problem', 'fields', 'actions', 'paging', 'paging-below', 'links']) fill(element(id), []);
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
    const methods = uri === undefined ? new Set() : api.methodsAt(uri);
    const writes = ['POST', 'PUT', 'PATCH', 'DELETE'].filter((method) => methods.has(method.toLowerCase()));
    const item = make('li');
    if (uri === undefined) item.append(make('span', `${relation}: ${String(link?.href)} (outside this service: not followed)`));
    // A template (RFC 6570) names many addresses, none of them as written: a form fills it in.
    else if (link?.templated === true) item.append(make('span', `${relation}: `), make('code', uri), templateForm(relation, uri));
    // A link the API answers with writes only (the batch, a POST) is no page to open: its methods are named instead.
    else if (!methods.has('get') && writes.length > 0)
      item.append(make('span', `${relation}: `), make('code', uri), make('span', ` (takes ${writes.join(', ')}: not a page to open)`));
    // A collection link is followed to its first page; the link as the API wrote it stays beside it.
    else item.append(linkTo(api.isPaged(uri) ? firstPage(uri, api.pageSize) : uri, relation), ' ', make('code', uri));
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
