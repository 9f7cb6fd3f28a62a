// @ts-check
// The book writes: the form's add and save, drawn from HAL-FORMS templates, and Edit and Delete
// on a book's view, each ending as writes.js says; what the form is editing is kept here.
import { firstPage, fragmentFor, pathOf, resolve, uriFor, uriFromFragment } from './address.js';
import { announce, button, element, fill, linkTo, make } from './dom.js';
import { ACCEPT, api, arrived, collection, errorText, generation, readBody, showCurrent, supersede } from './flow.js';
import { showFieldErrors } from './field-errors.js';
import { endEdit, fillForm, readBook, setFormBusy, startEdit } from './form.js';
import { showNotice } from './view.js';
import { failed, report, send, showWritten } from './writes.js';

/** The book the form is editing, if any. @type {import('./form.js').Editing | undefined} */
let editing;
/** The collection's Add template, read at the start. @type {import('./form.js').Template} */
let adding = {};

/** What the key may hold, in the API's words, from the OpenAPI document's description of it. */
const keyAbout = () => ({ key: api.key, keyRule: api.fields.find((field) => field.name === api.key)?.description });

/** Draws the Add form from the collection's template (app.js reads it at the start). @param {import('./form.js').Template} template */
export function setAddTemplate(template) {
  adding = template;
  endEdit(adding, keyAbout());
}

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
  const answer = await send(target ? 'PUT' : 'POST', target ? target.uri : (adding.target && uriFor(adding.target)) || pathOf(collection), {
    body: readBook(),
    ifMatch: target?.etag,
    controls: [],
    box,
    retry: () => /** @type {HTMLFormElement} */ (element('add')).requestSubmit(),
  });
  setFormBusy(false);
  if (answer === undefined) return;
  // The view beside the form shows the book as it is now, or that it is gone, not as it was read; focus stays with the form's news.
  if (target && [404, 412].includes(answer.response.status) && uriFromFragment(location.hash) === target.uri) await showCurrent(box.id);
  if (target && answer.response.status === 412) return conflict(target, box);
  if (target && answer.response.status === 404) return gone(box);
  if (!answer.response.ok) return failed(answer, box);
  stopEditing();
  const uri = answer.response.status === 201 ? uriFor(answer.response.headers.get('Location') ?? '') : target?.uri;
  showWritten(answer, uri, seen, target ? `Saved: “${answer.body?.title ?? ''}”.` : `Added: “${answer.body?.title ?? ''}”.`);
}

/**
 * A save refused with a 412: someone changed the book first. The person's values stay; the book as it is now shows beside them,
 * with the choice to save theirs over it (with the new tag), to take the book as it is now, or to stop.
 * @param {import('./form.js').Editing} target @param {HTMLElement} box
 */
async function conflict(target, box) {
  const url = resolve(target.uri);
  const response =
    url === undefined ? undefined : await fetch(url, { headers: { Accept: ACCEPT }, cache: 'no-cache' }).catch(() => undefined);
  if (response?.status === 404) return gone(box);
  const now = response?.ok ? await readBody(response) : undefined;
  /** @type {HTMLElement[]} */
  const lines = [
    make('p', 'Someone changed this book after you opened it, so your changes were not saved. Yours are still in the form.', 'lead'),
  ];
  if (now !== undefined) {
    lines.push(make('p', 'The book now reads:'));
    const list = make('dl', '', 'fields');
    for (const property of now?._templates?.default?.properties ?? []) {
      list.append(make('dt', String(property.prompt ?? property.name).split(',')[0] ?? ''), make('dd', String(property.value ?? '(none)')));
    }
    lines.push(list);
  }
  const controls = make('p');
  controls.append(
    button('Save mine over it', () => {
      target.etag = response?.headers.get('ETag') ?? null;
      /** @type {HTMLFormElement} */ (element('add')).requestSubmit();
    }),
    ' ',
    button('Use the book as it is now', () => now && editFrom(now, response?.headers.get('ETag') ?? null)),
    ' ',
    button('Stop editing', cancelEdit),
  );
  lines.push(controls);
  report(box, lines);
}

/** A save of a book that is gone (deleted in another tab, say): the values stay, to add it again or go to the list. @param {HTMLElement} box */
function gone(box) {
  const list = firstPage(collection, api.pageSize);
  const controls = make('p');
  controls.append(
    button('Add it again', () => {
      editing = undefined;
      endEdit(adding, keyAbout(), true);
      const note = [make('p', 'The form now adds the book: check it, then press Add book.')];
      report(element('form-status'), note, element('add-heading'), true);
    }),
    ' ',
    linkTo(list, 'Go to the list of books'),
  );
  report(box, [
    make('p', 'This book was deleted after you opened it (in another tab, perhaps), so there is nothing to save it over.', 'lead'),
    controls,
  ]);
}

/**
 * Edit on a book's view draws the book's Edit template with its values and keeps the ETag it
 * was read with. A view without the template or the tag (a write's answer) reads the book again first.
 * @param {any} book @param {string | null} etag
 */
export async function edit(book, etag) {
  const uri = uriFor(String(book?._links?.self?.href ?? ''));
  const url = uri === undefined ? undefined : resolve(uri);
  if (uri === undefined || url === undefined) return;
  if (etag === null || book?._templates?.default === undefined) {
    try {
      const response = await fetch(url, { headers: { Accept: ACCEPT }, cache: 'no-cache' });
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      [book, etag] = [await response.json(), response.headers.get('ETag')];
    } catch (error) {
      return report(element('action-status'), [make('p', `GET ${uri} failed (${errorText(error)}), so the book cannot be edited now.`)]);
    }
  }
  editFrom(book, etag);
  element('add-heading').focus();
  announce(element('add-heading').textContent ?? '');
}

/**
 * Fills the form from a book read in HAL-FORMS, to save it over the book. A half-filled Add form is
 * kept as a `draft`, and comes back when the edit ends; `loaded` says whether the edit has changes.
 * @param {any} book @param {string | null} etag
 */
function editFrom(book, etag) {
  const template = book?._templates?.default ?? {};
  const draft = editing === undefined ? readBook() : editing.draft;
  editing = { uri: uriFor(String(template.target ?? book?._links?.self?.href ?? '')) ?? '', etag, draft };
  fill(element('form-status'), []);
  startEdit(template, String(book?.title ?? ''), cancelEdit);
  fillForm(Object.fromEntries((template.properties ?? []).map((/** @type {any} */ property) => [property.name, property.value])));
  editing.loaded = JSON.stringify(readBook());
}

/** Delete on a book's view, after a confirmation; then the page says so and offers the list. @param {any} book @param {HTMLButtonElement} control */
export async function remove(book, control) {
  const uri = uriFor(String(book?._templates?.delete?.target ?? book?._links?.self?.href ?? ''));
  if (uri === undefined || !confirm(`Delete “${book.title}” (ISBN ${book.isbn})?`)) return;
  const box = element('action-status');
  const seen = generation;
  const answer = await send('DELETE', uri, { controls: [control], box, retry: () => void remove(book, control) });
  if (answer === undefined) return;
  if (!answer.response.ok) return failed(answer, box);
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

/** The form goes back to adding, with what was typed there before the edit began. */
function stopEditing() {
  const draft = editing?.draft;
  editing = undefined;
  endEdit(adding, keyAbout());
  fillForm(draft ?? {});
  fill(element('form-status'), []);
}

/** Cancel editing: focus stays in the form, on its heading. */
export function cancelEdit() {
  stopEditing();
  element('add-heading').focus();
}

/** Edit mode ends when the view moves to anything but the book being edited, unless the edit has changes: a person's work stays. */
export function leaveEditOnNavigation() {
  if (editing === undefined || uriFromFragment(location.hash) === editing.uri) return;
  if (JSON.stringify(readBook()) === editing.loaded) stopEditing();
}
