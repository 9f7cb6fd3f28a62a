// @ts-check
/**
 * The book form, built from what the OpenAPI document says a book is (readApi's fields): one
 * labelled input per field with its limits and type, required fields marked, and the rule that
 * names the author stated. It adds a book; in edit mode it replaces the book it was filled from.
 * Field errors go beside their fields, outside the label, so a label stays the field's name.
 */
import { element, make } from './dom.js';

/** The book being edited: where to PUT it, and the ETag it was read with, for If-Match. @typedef {{ uri: string, etag: string | null }} Editing */

const form = () => /** @type {HTMLFormElement} */ (element('add'));
/** @param {string} name */
const input = (name) => /** @type {HTMLInputElement | null} */ (document.getElementById(`field-${name}`));

/**
 * "Author, or both First name and Last name": the alternatives of which one must be filled.
 * @param {string[][]} alternatives @param {(name: string) => string} label
 */
export function ruleText(alternatives, label) {
  return alternatives
    .map((names) => {
      const labels = names.map(label);
      if (labels.length < 2) return labels.join('');
      return `${labels.length === 2 ? 'both' : 'all of'} ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
    })
    .join(', or ');
}

/**
 * Builds the inputs, the notes and the buttons once the document is read.
 * @param {import('./openapi.js').Api} api
 * @param {() => void} cancel  leaves edit mode
 */
export function buildForm(api, cancel) {
  const rule = ruleText(api.oneOf, api.label);
  element('author-rule').textContent = rule === '' ? '' : `Name the author: ${rule}.`;
  const inRule = new Set(api.oneOf.flat());
  const fields = api.fields.map((field) => {
    const box = make('div', '', 'field');
    const label = make('label', field.label);
    label.htmlFor = `field-${field.name}`;
    if (field.required) {
      // The mark is for the eye; `required` tells a screen reader.
      const mark = make('span', ' *', 'required-mark');
      mark.setAttribute('aria-hidden', 'true');
      label.append(mark);
    }
    const control = make('input');
    control.id = `field-${field.name}`;
    control.name = field.name;
    control.required = field.required;
    control.autocomplete = 'off';
    // A number field gets a number input, and readBook sends it as a JSON number.
    if (field.type === 'string') control.type = 'text';
    else {
      control.type = 'number';
      control.step = field.type === 'integer' ? '1' : 'any';
      if (field.minimum !== undefined) control.min = String(field.minimum);
      if (field.maximum !== undefined) control.max = String(field.maximum);
    }
    if (field.maxLength !== undefined) control.maxLength = field.maxLength;
    const error = make('p', '', 'field-error');
    error.id = `error-${field.name}`;
    error.hidden = true;
    const described = [error.id];
    if (inRule.has(field.name)) described.push('author-rule');
    box.append(label, control, error);
    if (field.name === api.key) {
      // The key is the book's address, so the document's description says what it may hold.
      const rule = make('p', field.description ?? '', 'field-hint');
      rule.id = 'key-rule';
      described.push(rule.id);
      box.append(rule);
      // In edit mode this field is read-only: the book's address names it, and a PUT must match.
      const hint = make('p', `The book's address holds its ${field.label}, so it cannot change here.`, 'field-hint');
      hint.id = 'key-hint';
      hint.hidden = true;
      described.push(hint.id);
      box.append(hint);
    }
    control.setAttribute('aria-describedby', described.join(' '));
    return box;
  });
  const buttons = make('div', '', 'buttons');
  const submit = make('button', 'Add book');
  submit.id = 'submit-book';
  const leave = make('button', 'Cancel editing');
  leave.type = 'button';
  leave.id = 'cancel-edit';
  leave.hidden = true;
  leave.addEventListener('click', cancel);
  buttons.append(submit, leave);
  form().replaceChildren(...fields, buttons);
}

/**
 * The book the form holds, as the document types it: empty fields are left out, a number
 * field is sent as a JSON number (text that is not a number is sent as it is, for the
 * service to name the error).
 * @param {import('./openapi.js').Api} api
 */
export function readBook(api) {
  /** @type {Record<string, string | number>} */
  const book = {};
  for (const field of api.fields) {
    const value = input(field.name)?.value ?? '';
    if (value === '') continue;
    book[field.name] = field.type === 'string' || !Number.isFinite(Number(value)) ? value : Number(value);
  }
  return book;
}

/**
 * Marks each field a problem names (`#/isbn`) and puts its message beside it; returns the
 * first such input, for focus.
 * @param {any[] | undefined} errors
 */
export function showFieldErrors(errors) {
  clearFieldErrors();
  /** @type {HTMLInputElement | undefined} */
  let first;
  for (const error of errors ?? []) {
    const name = typeof error?.pointer === 'string' ? error.pointer.replace(/^#\//, '') : '';
    const control = input(name);
    const note = document.getElementById(`error-${name}`);
    if (!control || !note) continue;
    control.setAttribute('aria-invalid', 'true');
    note.textContent = note.textContent === '' ? String(error.detail) : `${note.textContent} ${error.detail}`;
    note.hidden = false;
    first ??= control;
  }
  return first;
}

export function clearFieldErrors() {
  for (const note of form().querySelectorAll('.field-error')) {
    note.textContent = '';
    /** @type {HTMLElement} */ (note).hidden = true;
  }
  for (const control of form().querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
}

/** Fills the form from a book read from the service, to replace it. @param {any} book @param {string | undefined} key  the field the path names, which cannot change */
export function startEdit(book, key) {
  clearFieldErrors();
  for (const control of form().querySelectorAll('input')) {
    const value = book?.[control.name];
    control.value = value === undefined || value === null ? '' : String(value);
    control.readOnly = control.name === key;
  }
  const hint = document.getElementById('key-hint');
  if (hint) hint.hidden = false;
  const rule = document.getElementById('key-rule');
  if (rule) rule.hidden = true;
  element('add-heading').textContent = `Edit “${book?.title ?? ''}”`;
  element('submit-book').textContent = 'Save changes';
  element('cancel-edit').hidden = false;
}

/** Back to adding: an empty form. */
export function endEdit() {
  form().reset();
  clearFieldErrors();
  for (const control of form().querySelectorAll('input')) control.readOnly = false;
  const hint = document.getElementById('key-hint');
  if (hint) hint.hidden = true;
  const rule = document.getElementById('key-rule');
  if (rule) rule.hidden = false;
  element('add-heading').textContent = 'Add book';
  element('submit-book').textContent = 'Add book';
  element('cancel-edit').hidden = true;
}

/** While a write runs, its buttons are disabled, so a double click sends one request. @param {boolean} busy */
export function setFormBusy(busy) {
  form().setAttribute('aria-busy', String(busy));
  for (const control of form().querySelectorAll('button')) control.disabled = busy;
}
