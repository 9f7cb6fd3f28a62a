// @ts-check
// Writes: each is sent with the token, its controls disabled until the answer is in; a success
// takes the view unless the person went elsewhere, and a failure is told beside the form.
import { fragmentFor, resolve, uriFromFragment } from './address.js';
import { announce, button, element, fill, linkTo, make } from './dom.js';
import { ACCEPT, arrived, context, errorText, generation, readBody, supersede } from './flow.js';
import { showFieldErrors } from './field-errors.js';
import { readBook } from './form.js';
import { isProblem, problemNodes, showAnswer } from './view.js';

/** Where the API token is kept, for this tab only. */
export const TOKEN_KEY = 'book-catalogue-api-token';

/**
 * Sends a write with the token (writes only: a GET never carries it). Its controls are disabled
 * until the answer is in, so a double click sends one request. When the request does not
 * complete, `box` says so and offers `retry`, and the answer is undefined.
 * @param {string} method @param {string} uri
 * @param {{ body?: object, ifMatch?: string | null, controls: HTMLButtonElement[], box: HTMLElement, retry: () => void }} options
 */
export async function send(method, uri, { body, ifMatch, controls, box, retry }) {
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
export function report(box, nodes, focus = box, done = false) {
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
export function showWritten(answer, uri, seen, note) {
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
 * A write that failed leaves the view as it was. In the form's box, field errors go beside their
 * fields in a person's words and the box says so; a book that exists already is linked from its
 * field; a 401 tells a refused token from a missing one. Elsewhere the problem shows as it came.
 * @param {import('./view.js').Answer} answer @param {HTMLElement} box
 */
export function failed({ response, body }, box) {
  const inForm = box === element('form-status');
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  /** @type {Record<string, Node>} */
  const links = {};
  if (inForm && response.status === 409) {
    // The same isbn, or the same title and names: each at its field, with the way to the book.
    const book = readBook();
    // The two kinds share a type, so the sentence tells them apart (api.md, Adding a book).
    const byIsbn = String(body?.detail ?? '').startsWith('Book already exists for ISBN: ');
    const name = byIsbn ? 'isbn' : 'title';
    errors.push({ pointer: `#/${name}`, detail: String(body?.detail ?? 'Book already exists') });
    const [path, words] = byIsbn
      ? [`/books/${encodeURIComponent(String(book.isbn ?? ''))}`, 'Show the book with this ISBN']
      : [`/books?title=${encodeURIComponent(String(book.title ?? ''))}&page=0`, 'Show the books with this title'];
    links[name] = linkTo(path, words);
  }
  const placed = inForm ? showFieldErrors(errors, links) : undefined;
  /** @type {Node[]} */
  let nodes;
  if (placed !== undefined) nodes = [make('p', 'The book was not saved: see the messages beside the fields.', 'lead')];
  else nodes = isProblem(response) ? problemNodes(body) : [make('p', `${response.status} ${response.statusText}`)];
  if (response.status === 401) {
    const sent = (sessionStorage.getItem(TOKEN_KEY) ?? '') !== '';
    nodes = [
      make(
        'p',
        sent
          ? 'The service refused the API token you entered. Check it in the API token field at the top of the page, then send again.'
          : 'This write needs the API token. Enter it in the API token field at the top of the page, then send again.',
        'lead',
      ),
      button('Go to the API token field', () => element('token').focus()),
    ];
  }
  report(box, nodes, placed);
}
