// @ts-check
/**
 * The API explorer (DECISIONS H): shows one resource of the API at a time and lets you follow
 * its links. The resource on view is in the fragment (`#uri=/books?title=rings`), so Back,
 * Forward, reload and bookmarks work. It uses only the public API, as any client could, and puts
 * everything that came from a response on the page as text, never as markup.
 */

/** The API's base: this page's address without its final `/explorer`, so a proxy prefix is kept. */
const API = location.origin + location.pathname.replace(/\/explorer\/?$/, '');
const TOKEN_KEY = 'book-catalogue-api-token';

/** @param {string} id */
const element = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A new element with its text; the only way anything from a response reaches the page.
 * @param {string} tag
 * @param {string} [text]
 */
function make(tag, text = '') {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

/** The API path (with its query) that the fragment names, encoded or not; `/` when there is none. */
function currentUri() {
  const raw = location.hash.startsWith('#uri=') ? location.hash.slice('#uri='.length) : '';
  if (raw === '') return '/';
  // Written by this page, the uri is encoded and starts with %2F; typed by hand, it starts with /.
  return raw.startsWith('%2F') || raw.startsWith('%2f') ? decodeURIComponent(raw) : raw;
}

/** The fragment that shows an absolute href of the API, taken relative to the API's base. @param {string} href */
function fragmentFor(href) {
  const path = href.startsWith(API) ? href.slice(API.length) : new URL(href, API).pathname;
  return `#uri=${encodeURIComponent(path || '/')}`;
}

/** @param {string} href @param {string} text */
function linkTo(href, text) {
  const anchor = /** @type {HTMLAnchorElement} */ (make('a', text));
  anchor.href = fragmentFor(href);
  return anchor;
}

/** @param {RequestInit} [init] */
function withToken(init = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/hal+json, application/json, application/problem+json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/** Shows one answer: status, the headers that matter, links, books, paging, a problem, the body. @param {Response} response */
async function show(response) {
  const text = await response.text();
  /** @type {any} */
  let body;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  element('status').textContent = `${response.status} ${response.statusText}`;
  const headers = element('headers');
  headers.replaceChildren();
  for (const name of ['Content-Type', 'ETag', 'Location', 'X-Request-Id']) {
    const value = response.headers.get(name);
    if (value !== null) headers.append(make('dt', name), make('dd', value));
  }
  element('body').textContent = body === undefined ? '(no body)' : typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  showProblem(response.headers.get('Content-Type') === 'application/problem+json' ? body : undefined);
  showLinks(body?._links ?? {});
  showBooks(body?._embedded?.bookDTOList ?? []);
  showPaging(body);
  showActions(body);
}

/** A problem as a readable error, each field error also beside its field in the form. @param {any} problem */
function showProblem(problem) {
  const box = element('problem');
  box.replaceChildren();
  for (const note of document.querySelectorAll('.field-error')) note.textContent = '';
  if (!problem) return;
  box.append(make('strong', `${problem.status} ${problem.title}`), make('p', problem.detail ?? ''));
  const list = make('ul');
  for (const error of problem.errors ?? []) {
    list.append(make('li', `${error.pointer ?? error.parameter}: ${error.detail}`));
    const note = document.getElementById(`error-${String(error.pointer ?? '').replace('#/', '')}`);
    if (note) note.textContent = error.detail;
  }
  if (list.childElementCount > 0) box.append(list);
}

/** @param {Record<string, {href: string}>} links */
function showLinks(links) {
  const nav = element('links');
  nav.replaceChildren();
  for (const [relation, link] of Object.entries(links)) nav.append(linkTo(link.href, relation));
}

/** @param {any[]} books */
function showBooks(books) {
  const table = /** @type {HTMLTableElement} */ (element('books'));
  const rows = /** @type {HTMLElement} */ (table.tBodies[0]);
  rows.replaceChildren();
  for (const book of books) {
    const row = make('tr');
    const title = make('td');
    title.append(linkTo(book._links.self.href, book.title));
    row.append(title, make('td', book.author), make('td', book.isbn));
    rows.append(row);
  }
  table.hidden = books.length === 0;
}

/** Page and size choices, and the sort orders that /openapi.json lists. */
let sortChoices = /** @type {string[]} */ ([]);

/** Paging controls built from the `page` object and the links. @param {any} body */
function showPaging(body) {
  const box = element('paging');
  box.replaceChildren();
  if (!body?.page) return;
  const { number, totalPages, totalElements, size } = body.page;
  box.append(make('p', `Page ${number + 1} of ${totalPages}, ${totalElements} books in all`));
  const current = new URL(body._links.self.href);
  /** @param {string} label @param {string} name @param {string[]} values @param {string} chosen */
  const choice = (label, name, values, chosen) => {
    const select = /** @type {HTMLSelectElement} */ (make('select'));
    for (const value of values) select.append(new Option(value || 'insertion order', value, false, value === chosen));
    select.addEventListener('change', () => {
      if (select.value === '') current.searchParams.delete(name);
      else current.searchParams.set(name, select.value);
      current.searchParams.set('page', '0');
      location.hash = fragmentFor(current.href);
    });
    const wrapper = make('label', `${label} `);
    wrapper.append(select);
    return wrapper;
  };
  box.append(
    choice('Books per page', 'size', [...new Set([10, 20, 50, 100, size])].sort((a, b) => a - b).map(String), String(size)),
    choice('Sort by', 'sort', ['', ...sortChoices], current.searchParams.get('sort') ?? ''),
  );
}

/** On a book's view, a Delete button. @param {any} body */
function showActions(body) {
  const box = element('actions');
  box.replaceChildren();
  if (typeof body?.isbn !== 'string' || !body._links?.self) return;
  const button = make('button', 'Delete');
  button.addEventListener('click', async () => {
    if (!confirm(`Delete the book ${body.isbn}?`)) return;
    await act(fetch(body._links.self.href, withToken({ method: 'DELETE' })));
  });
  box.append(button);
}

/** Shows the answer to an action and moves focus to it. @param {Promise<Response>} request */
async function act(request) {
  await show(await request);
  element('status').focus();
}

/** Loads and shows the resource the fragment names. */
async function load() {
  await show(await fetch(API + currentUri(), withToken()));
}

/**
 * The Add book form, built from the served OpenAPI document: its fields, their labels and
 * limits come from the BookInput schema, so a new field needs no change here.
 */
async function buildForm() {
  const openapi = await (await fetch(`${API}/openapi.json`)).json();
  const properties = openapi.components.schemas.BookInput.properties;
  const listing = openapi.paths['/books'].get.parameters.find((/** @type {any} */ parameter) => parameter.name === 'sort');
  sortChoices = listing?.schema?.enum ?? [];
  const form = /** @type {HTMLFormElement} */ (element('add'));
  for (const [name, schema] of Object.entries(properties)) {
    const input = /** @type {HTMLInputElement} */ (make('input'));
    input.name = name;
    input.id = `field-${name}`;
    if (schema.maxLength) input.maxLength = schema.maxLength;
    const label = make('label', `${schema.title ?? name} `);
    const note = make('span');
    note.id = `error-${name}`;
    note.className = 'field-error';
    note.setAttribute('aria-live', 'polite');
    input.setAttribute('aria-describedby', note.id);
    label.append(input, note);
    form.append(label);
  }
  form.append(make('button', 'Add book'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    /** @type {Record<string, string>} */
    const book = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value !== '') book[name] = value;
    await act(fetch(`${API}/books`, withToken({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(book) })));
  });
}

const token = /** @type {HTMLInputElement} */ (element('token'));
token.value = sessionStorage.getItem(TOKEN_KEY) ?? '';
token.addEventListener('input', () => sessionStorage.setItem(TOKEN_KEY, token.value));
window.addEventListener('hashchange', () => void load());
await buildForm();
await load();
document.body.dataset.ready = 'true';
// A module: the script waits for the OpenAPI document at the top level.
export {};
