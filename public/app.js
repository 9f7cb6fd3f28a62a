// @ts-check
// The API explorer (api.md, The explorer): reads the OpenAPI document, the root and the books'
// Add form, wires the page's controls, then shows what the fragment names (flow.js does the rest).
import { firstPage, learnBase, pathOf, resolve, uriFor } from './address.js';
import { openAddress, showAddress } from './address-box.js';
import { button, element } from './dom.js';
import { edit, leaveEditOnNavigation, remove, setAddTemplate, submitBook } from './edit.js';
import { ACCEPT, api, arrived, begin, collection, errorText, followFragment, go, search, showCurrent } from './flow.js';
import { readApi } from './openapi.js';
import { setBusy, showNotice } from './view.js';
import { TOKEN_KEY } from './writes.js';

/** What the view calls back into. @type {import('./view.js').Context} */
const context = {
  get api() {
    return api;
  },
  go,
  edit: (book, etag) => void edit(book, etag),
  remove: (book, control) => void remove(book, control),
};

/** A GET of a resource the page needs to start, as JSON. @param {string} uri */
async function startingPoint(uri) {
  const url = resolve(uri);
  if (url === undefined) throw new Error(`${uri} is outside this service`);
  const response = await fetch(url, { headers: { Accept: ACCEPT }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`GET ${uri} answered ${response.status} ${response.statusText}`);
  return response.json();
}

/**
 * Reads the OpenAPI document (the sort choices, which paths are paged), the root (the base the
 * service writes into its links, and where the books are) and a page of the books in HAL-FORMS
 * (its Add form), then shows the view.
 */
async function start() {
  setBusy('GET /openapi.json');
  try {
    const [doc, root] = await Promise.all([startingPoint('/openapi.json'), startingPoint('/')]);
    if (typeof root?._links?.self?.href === 'string') learnBase(root._links.self.href);
    const books = uriFor(String(root?._links?.books?.href ?? '')) ?? collection;
    begin(readApi(doc, pathOf(books)), books, context);
    // An empty catalogue answers its collection with a 404, which has no forms: then the Add form
    // is read from the OpenAPI document's body of a POST, as HAL-FORMS would give it.
    const page = await startingPoint(firstPage(pathOf(books), 1)).catch(() => undefined);
    setAddTemplate(page?._templates?.default ?? api.addTemplate);
  } catch (error) {
    setBusy(undefined);
    showNotice({
      heading: 'The explorer could not start',
      error: true,
      lines: [`It needs the service's /openapi.json, its root and its books (${errorText(error)}). Check the connection, then retry.`],
      controls: [button('Retry', () => void start())],
    });
    return arrived();
  }
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
element('address').addEventListener('submit', openAddress);
element('add').addEventListener('submit', (event) => void submitBook(event));
document.addEventListener('click', sameAddress);
window.addEventListener('hashchange', leaveEditOnNavigation);
window.addEventListener('hashchange', followFragment);
window.addEventListener('hashchange', showAddress);
showAddress();
await start();
// A module: the script waits for the OpenAPI document at the top level.
export {};
