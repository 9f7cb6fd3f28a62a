// @ts-check
/**
 * The API explorer (api.md, The explorer): shows one resource of the API at a time and
 * lets a person follow its links, search, page, add, edit and delete. The resource on view is
 * in the fragment (`#uri=/books?title=rings`), so Back, Forward, reload and bookmarks work. It
 * uses only the public API, as any client could.
 *
 * This module owns the flow: which request owns the view (a newer one drops an older one's
 * answer), where focus goes after it, and how each write ends. address.js decides where a
 * request may go, openapi.js reads the API's description, view.js and form.js draw.
 */
import { firstPage, fragmentFor, learnBase, pathOf, queryOf, resolve, uriFor, uriFromFragment } from './address.js';
import { announce, button, element, fill, make } from './dom.js';
import { buildForm, endEdit, readBook, setFormBusy, showFieldErrors, startEdit } from './form.js';
import { readApi } from './openapi.js';
import { isProblem, linkTo, problemNodes, setBusy, showAnswer, showNotice } from './view.js';

const TOKEN_KEY = 'book-catalogue-api-token';
const ACCEPT = 'application/hal+json, application/json, application/problem+json';

/** What the OpenAPI document says; set once at start. @type {import('./openapi.js').Api} */
let api;
/** The collection the root links to (`books`): where a search and the list after a delete go. */
let collection = '/books';
/** The book the form is editing, if any. @type {import('./form.js').Editing | undefined} */
let editing;

// ---- Who owns the view ----------------------------------------------------------------------

/** Counts the requests that took the view; an answer whose count is no longer current is dropped. */
let generation = 0;
/** The navigation in flight, aborted when a newer one starts (Back on a slow link, say). */
let inFlight = /** @type {AbortController | undefined} */ (undefined);

/** Makes the next request the view's owner: the one in flight is aborted, its answer dropped. */
function supersede() {
  generation += 1;
  inFlight?.abort();
  inFlight = undefined;
  setBusy(undefined);
  return generation;
}

/** The body as JSON, or as text when it is not JSON, or undefined when empty. @param {Response} response */
async function readBody(response) {
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
function arrived(keepFocusOn) {
  // The first view is the page loading: focus stays at the top, where the skip link comes
  // first, and the browser announces the page itself.
  if (document.body.dataset.ready !== 'true') return;
  const select = keepFocusOn === undefined ? null : document.getElementById(keepFocusOn);
  (select ?? element('view-heading')).focus();
  announce(element('view-heading').textContent ?? '');
}

// ---- Navigation -------------------------------------------------------------------------------

/** Where focus goes after the navigation that `go` started. @type {string | undefined} */
let pendingFocus;

/** Shows `uri` by putting it in the fragment; the hashchange listener then loads it. @param {string} uri @param {string} [keepFocusOn] */
function go(uri, keepFocusOn) {
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
async function showCurrent(keepFocusOn) {
  let uri = uriFromFragment(location.hash);
  if (resolve(uri) && api.isPaged(uri) && firstPage(uri) !== uri) {
    uri = firstPage(uri);
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
    showAnswer({ method: 'GET', uri, response, body }, context);
    syncSearch(uri, body);
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
const errorText = (error) => (error instanceof Error ? error.message : String(error));

/** The search box shows the title filter of the collection on view. @param {string} uri @param {any} body */
function syncSearch(uri, body) {
  const box = /** @type {HTMLInputElement} */ (element('search-title'));
  if (body?._embedded && document.activeElement !== box) box.value = queryOf(uri).get('title') ?? '';
}

/** The search box: Enter shows the first page of the books whose title holds the text. @param {SubmitEvent} event */
function search(event) {
  event.preventDefault();
  const title = /** @type {HTMLInputElement} */ (element('search-title')).value;
  go(firstPage(`${pathOf(collection)}?title=${encodeURIComponent(title)}`));
}

// ---- Writes -----------------------------------------------------------------------------------

/**
 * Sends a write with the token (writes only: a GET never carries it). Its controls are disabled
 * until the answer is in, so a double click sends one request. When the request does not
 * complete, `box` says so and offers `retry`, and the answer is undefined.
 * @param {string} method @param {string} uri
 * @param {{ body?: object, ifMatch?: string | null, controls: HTMLButtonElement[], box: HTMLElement, retry: () => void }} options
 */
async function send(method, uri, { body, ifMatch, controls, box, retry }) {
  const url = resolve(uri);
  if (url === undefined) return void report(box, [make('p', `${uri} is outside this service: not sent.`)]);
  /** @type {Record<string, string>} */
  const headers = { Accept: ACCEPT };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (ifMatch) headers['If-Match'] = ifMatch;
  for (const control of controls) control.disabled = true;
  try {
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { method, uri, response, body: await readBody(response) };
  } catch (error) {
    report(box, [
      make('p', `${method} ${uri} did not complete (${errorText(error)}). Check the connection, then try again.`),
      button('Retry', retry),
    ]);
    return undefined;
  } finally {
    for (const control of controls) control.disabled = false;
  }
}

/**
 * Shows the outcome of a write in its box, moves focus there (or to `focus`), and announces it.
 * A box reads as an error unless `done` says the write went through.
 * @param {HTMLElement} box @param {Node[]} nodes @param {HTMLElement} [focus] @param {boolean} [done]
 */
function report(box, nodes, focus = box, done = false) {
  fill(box, nodes);
  box.classList.toggle('done', done);
  focus.focus();
  // innerText, not textContent: it keeps the breaks between paragraphs, so the words stay apart.
  announce(box.innerText);
}

/**
 * A write that succeeded takes the view, with the address naming what it wrote, unless the
 * person went elsewhere while it ran: then only the form's box says what happened.
 * @param {import('./view.js').Answer} answer @param {string | undefined} uri @param {number} seen @param {string} note
 */
function showWritten(answer, uri, seen, note) {
  if (seen !== generation) {
    const nodes = uri === undefined ? [make('p', note)] : [make('p', `${note} `), linkTo(uri, 'Show it')];
    return report(element('form-status'), nodes, undefined, true);
  }
  supersede();
  if (uri !== undefined && uriFromFragment(location.hash) !== uri) history.pushState(null, '', fragmentFor(uri));
  showAnswer(answer, context, note);
  arrived();
}

/**
 * A write that failed leaves the view as it was. The problem shows in `box`, each field error
 * beside its field; a 401 points at the token field, a 412 offers to reload the book.
 * @param {import('./view.js').Answer} answer @param {HTMLElement} box
 */
function failed({ response, body }, box) {
  const nodes = isProblem(response) ? problemNodes(body) : [make('p', `${response.status} ${response.statusText}`)];
  if (response.status === 401) {
    nodes.push(
      make('p', 'This write needs the API token. Enter it in the API token field at the top of the page, then send again.'),
      button('Go to the API token field', () => element('token').focus()),
    );
  }
  if (response.status === 412 && editing !== undefined) {
    const { uri } = editing;
    nodes.unshift(
      make(
        'p',
        'The book changed after you read it, so your changes were not saved. Reload it to see it as it is now, then edit again.',
        'lead',
      ),
    );
    nodes.push(
      button('Reload the book', () => {
        stopEditing();
        go(uri);
      }),
    );
  }
  report(box, nodes, box === element('form-status') ? showFieldErrors(body?.errors) : undefined);
}

/** The form's submit: POST a new book, or PUT the one being edited with If-Match. @param {SubmitEvent} event */
async function submitBook(event) {
  event.preventDefault();
  const submit = /** @type {HTMLButtonElement} */ (element('submit-book'));
  if (submit.disabled) return;
  const box = element('form-status');
  fill(box, []);
  showFieldErrors([]);
  const target = editing;
  const seen = generation;
  setFormBusy(true);
  const answer = await send(target ? 'PUT' : 'POST', target ? target.uri : pathOf(collection), {
    body: readBook(api),
    ifMatch: target?.etag,
    controls: [],
    box,
    retry: () => /** @type {HTMLFormElement} */ (element('add')).requestSubmit(),
  });
  setFormBusy(false);
  if (answer === undefined) return;
  if (!answer.response.ok) return failed(answer, box);
  stopEditing();
  const uri = answer.response.status === 201 ? uriFor(answer.response.headers.get('Location') ?? '') : target?.uri;
  showWritten(answer, uri, seen, target ? `Saved: “${answer.body?.title ?? ''}”.` : `Added: “${answer.body?.title ?? ''}”.`);
}

/**
 * Edit on a book's view fills the form with the book and the ETag it was read with. A view
 * that came without a tag (a write's answer) reads the book again first.
 * @param {any} book @param {string | null} etag
 */
async function edit(book, etag) {
  const uri = uriFor(String(book?._links?.self?.href ?? ''));
  const url = uri === undefined ? undefined : resolve(uri);
  if (uri === undefined || url === undefined) return;
  if (etag === null) {
    try {
      const response = await fetch(url, { headers: { Accept: ACCEPT }, cache: 'no-cache' });
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      [book, etag] = [await response.json(), response.headers.get('ETag')];
    } catch (error) {
      return report(element('action-status'), [make('p', `GET ${uri} failed (${errorText(error)}), so the book cannot be edited now.`)]);
    }
  }
  editing = { uri, etag };
  fill(element('form-status'), []);
  startEdit(book, api.key);
  element('add-heading').focus();
  announce(element('add-heading').textContent ?? '');
}

/** Delete on a book's view, after a confirmation; then the page says so and offers the list. @param {any} book @param {HTMLButtonElement} control */
async function remove(book, control) {
  const uri = uriFor(String(book?._links?.self?.href ?? ''));
  if (uri === undefined || !confirm(`Delete the book ${book.isbn}?`)) return;
  const box = element('action-status');
  const seen = generation;
  const answer = await send('DELETE', uri, { controls: [control], box, retry: () => void remove(book, control) });
  if (answer === undefined) return;
  if (!answer.response.ok) return failed(answer, box);
  if (editing?.uri === uri) stopEditing();
  if (seen !== generation) return announce(`Deleted the book ${book.isbn}.`);
  supersede();
  // The address stops naming the deleted book: it names the list that is on offer.
  const list = firstPage(uriFor(String(book._links?.books?.href ?? '')) ?? collection);
  history.replaceState(null, '', fragmentFor(list));
  showNotice({
    heading: 'Book deleted',
    request: ['DELETE', uri, `${answer.response.status} ${answer.response.statusText}`],
    lines: [`“${book.title}” (${book.isbn}) was deleted.`],
    controls: [linkTo(list, 'Show the list of books')],
    headers: answer.response.headers,
  });
  arrived();
}

/** The form goes back to adding, empty. */
function stopEditing() {
  endEdit();
  editing = undefined;
  fill(element('form-status'), []);
}

/** Cancel editing: focus stays in the form, on its heading. */
function cancelEdit() {
  stopEditing();
  element('add-heading').focus();
}

/** What the view calls back into. @type {import('./view.js').Context} */
const context = {
  get api() {
    return api;
  },
  go,
  edit: (book, etag) => void edit(book, etag),
  remove: (book, control) => void remove(book, control),
};

// ---- Start ------------------------------------------------------------------------------------

/** A GET of a resource the page needs to start, as JSON. @param {string} uri */
async function startingPoint(uri) {
  const url = resolve(uri);
  if (url === undefined) throw new Error(`${uri} is outside this service`);
  const response = await fetch(url, { headers: { Accept: ACCEPT }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`GET ${uri} answered ${response.status} ${response.statusText}`);
  return response.json();
}

/**
 * Reads the OpenAPI document (the form, the sort choices, which paths are paged) and the root
 * (the base the service writes into its links, and where the books are), then shows the view.
 */
async function start() {
  setBusy('GET /openapi.json');
  try {
    const [doc, root] = await Promise.all([startingPoint('/openapi.json'), startingPoint('/')]);
    if (typeof root?._links?.self?.href === 'string') learnBase(root._links.self.href);
    collection = uriFor(String(root?._links?.books?.href ?? '')) ?? collection;
    api = readApi(doc, pathOf(collection));
  } catch (error) {
    setBusy(undefined);
    showNotice({
      heading: 'The explorer could not start',
      error: true,
      lines: [`It needs the service's /openapi.json and its root (${errorText(error)}). Check the connection, then retry.`],
      controls: [button('Retry', () => void start())],
    });
    return arrived();
  }
  buildForm(api, cancelEdit);
  await showCurrent();
  document.body.dataset.ready = 'true';
}

/** The link that lets a keyboard skip to the form. It moves focus itself: a `#add-heading` fragment would name no resource. */
function skipToForm(/** @type {MouseEvent} */ event) {
  event.preventDefault();
  element('add-heading').focus();
}

/**
 * A link to what is already on view changes no fragment, so no hashchange follows: it loads
 * again here (the `self` link, "Show the list" after a delete).
 * @param {MouseEvent} event
 */
function sameAddress(event) {
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (anchor?.getAttribute('href') === location.hash && location.hash.startsWith('#uri=')) {
    event.preventDefault();
    void showCurrent();
  }
}

const token = /** @type {HTMLInputElement} */ (element('token'));
token.value = sessionStorage.getItem(TOKEN_KEY) ?? '';
token.addEventListener('input', () => sessionStorage.setItem(TOKEN_KEY, token.value));
element('skip').addEventListener('click', skipToForm);
element('search').addEventListener('submit', search);
element('add').addEventListener('submit', (event) => void submitBook(event));
document.addEventListener('click', sameAddress);
window.addEventListener('hashchange', () => {
  // Until the document is read, start() shows whatever the fragment names by then.
  if (api === undefined) return;
  const keep = pendingFocus;
  pendingFocus = undefined;
  void showCurrent(keep);
});
await start();
// A module: the script waits for the OpenAPI document at the top level.
export {};
