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
    const [name, words] = placed(typeof error?.pointer === 'string' ? error.pointer.replace(/^#\//, '') : '', String(error?.detail));
    const control = input(name);
    const note = document.getElementById(`error-${name}`);
    if (!control || !note) continue;
    control.setAttribute('aria-invalid', 'true');
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

/**
 * Where an error goes and its words: a field's name becomes its label ("isbn must …" reads "ISBN
 * must …"); a missing author with one of the two names given goes beside the other name, which is
 * what is missing, rather than at Author.
 * @param {string} name @param {string} detail @returns {[string, string]}
 */
function placed(name, detail) {
  const [first, last] = ['authorFirstName', 'authorLastName'].map((field) => input(field)?.value.trim() ?? '');
  const missing = first !== '' && last === '' ? 'authorLastName' : last !== '' && first === '' ? 'authorFirstName' : undefined;
  if (name === 'author' && missing !== undefined && input('author')?.value.trim() === '')
    return [missing, `${labelOf(missing)} is needed too, or fill in ${labelOf('author')} instead`];
  return [name, detail.replace(new RegExp(`^${name}\\b`), labelOf(name))];
}
