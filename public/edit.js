// @ts-check
// The book writes: the form's add and save (a PUT with If-Match), and Edit and Delete on a
// book's view, each ending as writes.js says; what the form is editing is kept here.
import { firstPage, fragmentFor, pathOf, resolve, uriFor } from './address.js';
import { announce, element, fill, linkTo, make } from './dom.js';
import { ACCEPT, api, arrived, collection, errorText, generation, go, supersede } from './flow.js';
import { endEdit, readBook, setFormBusy, showFieldErrors, startEdit } from './form.js';
import { showNotice } from './view.js';
import { failed, report, send, showWritten } from './writes.js';

/** The book the form is editing, if any. @type {import('./form.js').Editing | undefined} */
let editing;

/** The form's submit: POST a new book, or PUT the one being edited with If-Match. @param {SubmitEvent} event */
export async function submitBook(event) {
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
  if (!answer.response.ok) return failed(answer, box, reloadOffer());
  stopEditing();
  const uri = answer.response.status === 201 ? uriFor(answer.response.headers.get('Location') ?? '') : target?.uri;
  showWritten(answer, uri, seen, target ? `Saved: “${answer.body?.title ?? ''}”.` : `Added: “${answer.body?.title ?? ''}”.`);
}

/**
 * Edit on a book's view fills the form with the book and the ETag it was read with. A view
 * that came without a tag (a write's answer) reads the book again first.
 * @param {any} book @param {string | null} etag
 */
export async function edit(book, etag) {
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
export async function remove(book, control) {
  const uri = uriFor(String(book?._links?.self?.href ?? ''));
  if (uri === undefined || !confirm(`Delete the book ${book.isbn}?`)) return;
  const box = element('action-status');
  const seen = generation;
  const answer = await send('DELETE', uri, { controls: [control], box, retry: () => void remove(book, control) });
  if (answer === undefined) return;
  if (!answer.response.ok) return failed(answer, box, reloadOffer());
  if (editing?.uri === uri) stopEditing();
  if (seen !== generation) return announce(`Deleted the book ${book.isbn}.`);
  supersede();
  // The address stops naming the deleted book: it names the list that is on offer.
  const list = firstPage(uriFor(String(book._links?.books?.href ?? '')) ?? collection, api.pageSize);
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

/** When the form is editing a book, what a 412 offers: stop editing and read the book again. */
function reloadOffer() {
  if (editing === undefined) return undefined;
  const { uri } = editing;
  return () => {
    stopEditing();
    go(uri);
  };
}

/** The form goes back to adding, empty. */
function stopEditing() {
  endEdit();
  editing = undefined;
  fill(element('form-status'), []);
}

/** Cancel editing: focus stays in the form, on its heading. */
export function cancelEdit() {
  stopEditing();
  element('add-heading').focus();
}
