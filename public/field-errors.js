// @ts-check
// A write's field errors beside their fields (`#/isbn` names the ISBN field), in a person's words,
// outside the label, so a label stays the field's name.
import { labelOf } from './form.js';

const form = () => /** @type {HTMLFormElement} */ (document.getElementById('add'));
/** @param {string} name */
const input = (name) => /** @type {HTMLInputElement | null} */ (document.getElementById(`field-${name}`));

/**
 * Marks each field a problem names (`#/isbn`) and puts its message beside it in a person's words
 * (the field's label for its name), with `links` (by field) after it; returns the first such
 * input, for focus.
 * @param {any[] | undefined} errors @param {Record<string, Node>} [links]
 */
export function showFieldErrors(errors, links = {}) {
  clearFieldErrors();
  /** @type {HTMLInputElement | undefined} */
  let first;
  for (const error of errors ?? []) {
    const name = typeof error?.pointer === 'string' ? error.pointer.replace(/^#\//, '') : '';
    const control = input(name);
    const note = document.getElementById(`error-${name}`);
    if (!control || !note) continue;
    control.setAttribute('aria-invalid', 'true');
    const words = String(error.detail).replace(new RegExp(`^${name}\\b`), labelOf(name));
    note.append(note.textContent === '' ? words : ` ${words}`);
    if (links[name]) note.append(' ', links[name]);
    note.hidden = false;
    first ??= control;
  }
  return first;
}

export function clearFieldErrors() {
  for (const note of form().querySelectorAll('.field-error')) {
    note.replaceChildren();
    /** @type {HTMLElement} */ (note).hidden = true;
  }
  for (const control of form().querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
}
