// @ts-check
// A form for a templated link (RFC 6570), such as the root's `search`: a field for each of the
// template's variables, and the address they make, opened as a link to it would be. Only the
// expressions the API's links use: `{var}`, `{?var,...}` and `{&var,...}`.
import { fragmentFor } from './address.js';
import { make } from './dom.js';

const EXPRESSION = /\{([?&]?)([^}]+)\}/g;

/** The variables of a template, in order. @param {string} template */
export const variablesOf = (template) => [...template.matchAll(EXPRESSION)].flatMap((match) => String(match[2]).split(','));

/**
 * The template filled in; a variable left empty is left out, as RFC 6570 leaves out an undefined one.
 * @param {string} template @param {Record<string, string>} values
 */
export function expand(template, values) {
  return template.replace(EXPRESSION, (_, /** @type {string} */ operator, /** @type {string} */ names) => {
    const given = names.split(',').filter((name) => (values[name] ?? '') !== '');
    if (operator === '') return given.map((name) => encodeURIComponent(values[name] ?? '')).join(',');
    const pairs = given.map((name) => `${name}=${encodeURIComponent(values[name] ?? '')}`).join('&');
    return pairs === '' ? '' : `${operator}${pairs}`;
  });
}

/**
 * The form, folded away under "Fill in and open", with a labelled field for each variable.
 * @param {string} relation @param {string} template
 */
export function templateForm(relation, template) {
  const folded = make('details', '', 'template');
  const form = make('form');
  form.setAttribute('aria-label', `Fill in ${relation}`);
  const names = variablesOf(template);
  for (const name of names) {
    const label = make('label', name);
    const input = make('input');
    [input.name, input.type, input.autocomplete] = [name, 'text', 'off'];
    label.append(input);
    form.append(label);
  }
  form.append(make('button', 'Open'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const values = Object.fromEntries(names.map((name) => [name, String(new FormData(form).get(name) ?? '').trim()]));
    location.hash = fragmentFor(expand(template, values));
  });
  folded.append(make('summary', 'Fill in and open'), form);
  return folded;
}
