// @ts-check
// The address box: any address of the API, typed or pasted, opened as a link to it would be, so a
// person can reach a resource no link on view leads to. It shows the address on view.
import { uriFor, uriFromFragment } from './address.js';
import { element } from './dom.js';
import { go } from './flow.js';

const box = /** @type {HTMLInputElement} */ (element('address-uri'));

/**
 * What a person typed, as an address of the API: a path as it is (`/books/4-5-6`); a whole URL of
 * this service as its path; anything else as typed, which the view then refuses without a request.
 * @param {string} typed
 */
export function typedAddress(typed) {
  const text = typed.trim();
  if (text === '') return '/';
  return text.startsWith('/') ? text : (uriFor(text) ?? text);
}

/** Opens what the box holds. @param {SubmitEvent} event */
export function openAddress(event) {
  event.preventDefault();
  box.value = typedAddress(box.value);
  go(box.value);
}

/** The box shows the address on view, unless a person is typing in it. */
export function showAddress() {
  if (document.activeElement !== box) box.value = uriFromFragment(location.hash);
}
