// @ts-check
/**
 * The book form, drawn from a HAL-FORMS template (api.md, Forms): the collection's "Add a book",
 * or a book's "Edit the book" with its values. One labelled input per property, with its limits
 * and type, required ones marked. Field errors go beside their fields, outside the label, so a
 * label stays the field's name.
 */
import { element, make } from './dom.js';

/**
 * @typedef {{ name: string, prompt?: string, required?: boolean, readOnly?: boolean, maxLength?: number, type?: string, value?: string | number }} Property
 * @typedef {{ title?: string, method?: string, target?: string, properties?: Property[] }} Template
 * The book being edited: where to save it, and the ETag it was read with, for If-Match.
 * @typedef {{ uri: string, etag: string | null, loaded?: string, draft?: Record<string, unknown> }} Editing
 */

/** The author is one value in two forms (api.md, Patching a book, rule 2): the author, or the two names. */
const AUTHOR = 'author';
const NAMES = ['authorFirstName', 'authorLastName'];

const form = () => /** @type {HTMLFormElement} */ (element('add'));
/** @param {string} name */
const input = (name) => /** @type {HTMLInputElement | null} */ (document.getElementById(`field-${name}`));

/** The properties the form holds now, as its template gave them. @type {Property[]} */
let shown = [];
/** Whether the form is editing: then the author's two forms clear each other. */
let editMode = false;

/** A property's label in a few words: its prompt up to the first comma ("Author, or both …" reads "Author"). @param {Property} property */
export const shortLabel = (property) => (property.prompt ?? property.name).split(',')[0] ?? property.name;

/** The label of a field on the form, in a few words. @param {string} name */
export const labelOf = (name) => {
  const property = shown.find((candidate) => candidate.name === name);
  return property === undefined ? name : shortLabel(property);
};

/**
 * Draws the form from a template: inputs, notes and buttons. `keyRule` is what the book's `key`
 * may hold (the API's own words), shown under it while adding.
 * @param {Template} template @param {{ key?: string, keyRule?: string, submit: string, cancel?: () => void }} options
 */
export function drawForm(template, { key, keyRule, submit: submitText, cancel }) {
  shown = template.properties ?? [];
  const fields = shown.map((property) => {
    const box = make('div', '', 'field');
    const label = make('label', property.prompt ?? property.name);
    label.htmlFor = `field-${property.name}`;
    // The author is needed too, in one field or both names: its prompt says how, and the mark that it is.
    if (property.required || property.name === AUTHOR) {
      // The mark is for the eye; `required`, or the author's prompt, tells a screen reader.
      const mark = make('span', ' *', 'required-mark');
      mark.setAttribute('aria-hidden', 'true');
      label.append(mark);
    }
    const control = make('input');
    control.id = `field-${property.name}`;
    control.name = property.name;
    control.required = property.required === true;
    control.readOnly = property.readOnly === true;
    control.autocomplete = 'off';
    // A number field gets a number input, and readBook sends it as a JSON number.
    control.type = property.type === 'number' ? 'number' : 'text';
    // No maxLength: the browser would cut a longer paste short without a word; the service refuses it with the field's error instead.
    control.value = property.value === undefined ? '' : String(property.value);
    const error = make('p', '', 'field-error');
    error.id = `error-${property.name}`;
    error.hidden = true;
    const described = [error.id];
    box.append(label, control, error);
    if (property.name === AUTHOR) {
      const split = make('p', '', 'field-hint');
      split.id = 'author-split';
      described.push(split.id);
      box.append(split);
    }
    const hint = property.readOnly
      ? `The book's address holds its ${shortLabel(property)}, so it cannot change here.`
      : property.name === key
        ? keyRule
        : undefined;
    if (hint) {
      const note = make('p', hint, 'field-hint');
      note.id = `hint-${property.name}`;
      described.push(note.id);
      box.append(note);
    }
    control.setAttribute('aria-describedby', described.join(' '));
    control.addEventListener('input', () => {
      // A field changed since its error was shown is no longer what the error is about.
      control.removeAttribute('aria-invalid');
      error.replaceChildren();
      error.hidden = true;
      authorChanged(property.name);
    });
    return box;
  });
  const buttons = make('div', '', 'buttons');
  const submit = make('button', submitText);
  submit.id = 'submit-book';
  buttons.append(submit);
  if (cancel) {
    const leave = make('button', 'Cancel editing');
    leave.type = 'button';
    leave.id = 'cancel-edit';
    leave.addEventListener('click', cancel);
    buttons.append(leave);
  }
  form().replaceChildren(...fields, buttons);
  showSplit();
}

/**
 * In Edit, the author is one value in two forms: typing an Author clears the two names, typing a
 * name clears the Author, so that what is saved is what the person sees. Either way, the names
 * an Author will be split into are shown.
 * @param {string} name
 */
function authorChanged(name) {
  if (editMode && name === AUTHOR) for (const other of NAMES) clear(other);
  if (editMode && NAMES.includes(name)) clear(AUTHOR);
  if (name === AUTHOR || NAMES.includes(name)) showSplit();
}

/** @param {string} name */
function clear(name) {
  const control = input(name);
  if (control) control.value = '';
}

/** Under Author: the first and last names the service will derive from it, when no name is typed (api.md, Authors). */
function showSplit() {
  const note = document.getElementById('author-split');
  if (!note) return;
  const tokens = (input(AUTHOR)?.value ?? '').split(/\s+/).filter((token) => token !== '');
  const typed = NAMES.some((name) => (input(name)?.value ?? '').trim() !== '');
  note.hidden = tokens.length === 0 || typed;
  const [first = '', last] = tokens;
  note.textContent =
    last === undefined ? `Saved with the first name “${first}” and no last name.` : `Saved as first name “${first}”, last name “${last}”.`;
}

/**
 * The book the form holds: empty fields are left out, a number field is sent as a JSON number
 * (text that is not a number is sent as it is, for the service to name the error).
 */
export function readBook() {
  /** @type {Record<string, string | number>} */
  const book = {};
  for (const property of shown) {
    const value = input(property.name)?.value ?? '';
    if (value === '') continue;
    book[property.name] = property.type !== 'number' || !Number.isFinite(Number(value)) ? value : Number(value);
  }
  return book;
}

/** Puts values in the form's fields, as a book shows them. @param {Record<string, unknown>} book */
export function fillForm(book) {
  for (const property of shown) {
    const control = input(property.name);
    const value = book[property.name];
    if (control) control.value = value === undefined || value === null ? '' : String(value);
  }
  showSplit();
}

/** Edit mode: the form drawn from a book's Edit template, with its values. @param {Template} template @param {string} title @param {() => void} cancel */
export function startEdit(template, title, cancel) {
  editMode = true;
  drawForm(template, { submit: 'Save changes', cancel });
  element('add-heading').textContent = `Edit “${title}”`;
}

/**
 * Back to adding, from the collection's Add template; `keep` keeps the values typed (a book to add again).
 * @param {Template} template @param {{ key?: string, keyRule?: string }} about @param {boolean} [keep]
 */
export function endEdit(template, about, keep = false) {
  const values = keep ? readBook() : {};
  editMode = false;
  drawForm(template, { ...about, submit: 'Add book' });
  fillForm(values);
  element('add-heading').textContent = 'Add book';
}

/** While a write runs, its buttons are disabled, so a double click sends one request. @param {boolean} busy */
export function setFormBusy(busy) {
  form().setAttribute('aria-busy', String(busy));
  for (const control of form().querySelectorAll('button')) control.disabled = busy;
}
