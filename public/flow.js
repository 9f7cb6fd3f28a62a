// @ts-check
// The request flow: which request owns the view (a newer one drops an older one's answer), the
// GET of what the fragment names, the search box, and where focus goes after a new view.
import { firstPage, fragmentFor, pathOf, queryOf, resolve, searchedFor, uriFromFragment } from './address.js';
import { announce, button, element, linkTo } from './dom.js';
import { setBusy, showAnswer, showNotice } from './view.js';

/** HAL-FORMS first (api.md, Forms): a book's view then carries its Edit and Delete forms. */
export const ACCEPT = 'application/prs.hal-forms+json, application/hal+json, application/json, application/problem+json';

/** What the OpenAPI document says; set once by `begin`. @type {import('./openapi.js').Api} */
export let api;
/** The collection the root links to (`books`): where a search and the list after a delete go. */
export let collection = '/books';
/** What the view calls back into, from app.js. @type {import('./view.js').Context} */
export let context;

/**
 * Takes what the start read, so that requests can be made and shown.
 * @param {import('./openapi.js').Api} read @param {string} books @param {import('./view.js').Context} calls
 */
export function begin(read, books, calls) {
  [api, collection, context] = [read, books, calls];
}

/** Counts the requests that took the view; an answer whose count is no longer current is dropped. */
export let generation = 0;
/** The navigation in flight, aborted when a newer one starts (Back on a slow link, say). */
let inFlight = /** @type {AbortController | undefined} */ (undefined);

/** Makes the next request the view's owner: the one in flight is aborted, its answer dropped. */
export function supersede() {
  generation += 1;
  inFlight?.abort();
  inFlight = undefined;
  setBusy(undefined);
  return generation;
}

/** The body as JSON, or as text when it is not JSON, or undefined when empty. @param {Response} response */
export async function readBody(response) {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * After a new view: focus goes to its heading, or back to the select that changed it (so
 * arrowing through a select goes on), and the change is announced once.
 * @param {string} [keepFocusOn]
 */
export function arrived(keepFocusOn) {
  // The first view is the page loading: focus stays at the top, where the skip link comes
  // first, and the browser announces the page itself.
  if (document.body.dataset.ready !== 'true') return;
  const select = keepFocusOn === undefined ? null : document.getElementById(keepFocusOn);
  (select ?? element('view-heading')).focus();
  announce(element('view-heading').textContent ?? '');
}

/** Where focus goes after the navigation that `go` started. @type {string | undefined} */
let pendingFocus;

/** The hashchange listener: shows what the fragment names, focus where `go` said. */
export function followFragment() {
  // Until the document is read, start() shows whatever the fragment names by then.
  if (api === undefined) return;
  const keep = pendingFocus;
  pendingFocus = undefined;
  void showCurrent(keep);
}

/** Shows `uri` by putting it in the fragment; the hashchange listener then loads it. @param {string} uri @param {string} [keepFocusOn] */
export function go(uri, keepFocusOn) {
  if (uriFromFragment(location.hash) === uri) return void showCurrent(keepFocusOn);
  pendingFocus = keepFocusOn;
  location.hash = fragmentFor(uri);
}

/**
 * Loads and shows the resource the fragment names. A collection without `page` or `size` is
 * shown as its first page, and the address says so. An address outside the API is refused
 * before any request; a request that fails shows why, with a Retry, and nothing stale.
 * @param {string} [keepFocusOn]
 */
export async function showCurrent(keepFocusOn) {
  let uri = uriFromFragment(location.hash);
  if (resolve(uri) && api.isPaged(uri) && firstPage(uri, api.pageSize) !== uri) {
    uri = firstPage(uri, api.pageSize);
    history.replaceState(history.state, '', fragmentFor(uri));
  }
  const mine = supersede();
  const url = resolve(uri);
  if (url === undefined) {
    showNotice({
      heading: 'Not followed: outside this service',
      error: true,
      lines: [`The address names “${uri}”, which is not a path of this service's API, so the page did not request it.`],
      controls: [linkTo('/', 'Go to the API root')],
    });
    return arrived();
  }
  const controller = new AbortController();
  inFlight = controller;
  setBusy(`GET ${uri}`);
  try {
    const response = await fetch(url, { headers: { Accept: ACCEPT }, cache: 'no-cache', signal: controller.signal });
    const body = await readBody(response);
    if (mine !== generation) return;
    const text = response.status === 404 && pathOf(uri) === pathOf(collection) ? searchedFor(uri) : undefined;
    if (text !== undefined) showNoMatch(uri, response, text);
    else if (response.status === 404 && pathOf(uri) === pathOf(collection) && isWhole(uri)) showEmpty(uri, response);
    else showAnswer({ method: 'GET', uri, response, body }, context);
    // A book that is not there (a wrong address, or deleted meanwhile) is no dead end: the list is a click away.
    if (response.status === 404 && pathOf(uri).startsWith(`${pathOf(collection)}/`))
      element('message').append(linkTo(firstPage(collection, api.pageSize), 'Show the list of books'));
    syncSearch(uri);
  } catch (error) {
    if (mine !== generation) return;
    showNotice({
      heading: 'The request failed',
      error: true,
      request: ['GET', uri, 'no answer'],
      lines: [`GET ${uri} did not reach the service (${errorText(error)}). Check the connection, then retry.`],
      controls: [button('Retry', () => void showCurrent())],
    });
  }
  inFlight = undefined;
  setBusy(undefined);
  arrived(keepFocusOn);
}

/** @param {unknown} error */
export const errorText = (error) => (error instanceof Error ? error.message : String(error));

/** The search box shows the words of the collection on view, and none on another view. @param {string} uri */
function syncSearch(uri) {
  const box = /** @type {HTMLInputElement} */ (element('search-q'));
  if (document.activeElement !== box) box.value = pathOf(uri) === pathOf(collection) ? (queryOf(uri).get('q') ?? '') : '';
}

/**
 * The search box: Enter shows the first page of the books that hold every word in their title or
 * author (the API's `q`), in the order and page size on view. @param {SubmitEvent} event
 */
export function search(event) {
  event.preventDefault();
  const words = /** @type {HTMLInputElement} */ (element('search-q')).value;
  const shown = uriFromFragment(location.hash);
  go(firstPageOf(words.trim() === '' ? '' : `q=${encodeURIComponent(words)}`, shown));
}

/**
 * The first page of the collection for `filter` (`q=…`, or '' for every book), in the order and
 * page size of `shown` when that is the collection too.
 * @param {string} filter @param {string} shown
 */
function firstPageOf(filter, shown) {
  const kept = pathOf(shown) === pathOf(collection) ? queryOf(shown) : new URLSearchParams();
  const first = firstPage(filter === '' ? pathOf(collection) : `${pathOf(collection)}?${filter}`, Number(kept.get('size')) || api.pageSize);
  const sort = kept.get('sort');
  return sort === null ? first : `${first}&sort=${encodeURIComponent(sort)}`;
}

/**
 * A search that matches nothing is an empty result, not an error: it says so, with the way back
 * to every book in the same order and page size.
 * @param {string} uri @param {Response} response @param {string} text
 */
function showNoMatch(uri, response, text) {
  showNotice({
    heading: `No books match “${text}”`,
    request: ['GET', uri, `${response.status} ${response.statusText}`],
    lines: [`No book holds every word of “${text}” in its title or author. Try fewer or shorter words.`],
    controls: [button('Clear the search', () => go(firstPageOf('', uri)))],
    headers: response.headers,
  });
}

/** Whether a uri of the collection asks for all of it from its first page: no filter of any text, no later page. @param {string} uri */
function isWhole(uri) {
  const query = queryOf(uri);
  return ['title', 'author', 'q'].every((name) => (query.get(name) ?? '').trim() === '') && Number(query.get('page') ?? 0) === 0;
}

/** An empty catalogue is no error: it says so and invites the first book. @param {string} uri @param {Response} response */
function showEmpty(uri, response) {
  showNotice({
    heading: 'No books yet',
    request: ['GET', uri, `${response.status} ${response.statusText}`],
    lines: ['The catalogue holds no books. Add the first with the form: its ISBN, its title and its author.'],
    controls: [button('Add a book', () => element('field-isbn').focus())],
    headers: response.headers,
  });
}
