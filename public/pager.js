// @ts-check
// The pager of a paged collection: where the page lies, First, Previous, Next and Last, and the
// page size and the order as selects, with the sizes and orders the OpenAPI document allows.
import { queryOf, uriFor, withParameter } from './address.js';
import { element, fill, linkTo, make } from './dom.js';

/** Paging relations, shown in the pager in words instead of in the list of links. @type {[string, string][]} */
export const PAGER = [
  ['first', 'First'],
  ['prev', 'Previous'],
  ['next', 'Next'],
  ['last', 'Last'],
];
/**
 * Page sizes on offer besides the service's default (the OpenAPI document's) and the size on
 * view; the API's own maximum cuts the list (readApi's maxPageSize).
 */
const PAGE_SIZES = [10, 50, 100];
/** A page of more books than this gets a second pager below them. */
const LONG_PAGE = 10;

/** The pager of a paged collection: where this page lies, first/previous/next/last, page size and order. @param {import('./view.js').Answer} answer @param {import('./view.js').Context} context */
export function showPaging({ uri, body }, context) {
  if (!body?.page) {
    fill(element('paging-below'), []);
    return fill(element('paging'), []);
  }
  const { number, totalPages, totalElements, size } = body.page;
  const pager = make('nav');
  pager.setAttribute('aria-label', 'Pages');
  for (const [relation, word] of PAGER) {
    const target = body._links?.[relation]?.href;
    // A page that does not exist (no previous on the first page), or the page on view (First on the first), stays as text, so the pager does not move.
    const targetUri = typeof target === 'string' && target !== body._links?.self?.href ? uriFor(target) : undefined;
    pager.append(targetUri === undefined ? make('span', word, 'pager-off') : linkTo(targetUri, word), ' ');
  }
  const { api, go } = context;
  const offered = [...PAGE_SIZES, api.pageSize ?? size, size];
  const sizes = [...new Set(offered)].filter((value) => value <= (api.maxPageSize ?? Infinity)).sort((a, b) => a - b);
  const sizeChoice = choice(
    'size',
    'Books per page',
    sizes.map((value) => [String(value), String(value)]),
    String(size),
    (value) => go(withParameter(uri, 'size', value), 'size'),
  );
  const sorts = sortChoices(api);
  const current = queryOf(uri).get('sort') ?? '';
  const chosen = sorts.find(([value]) => canonicalSort(value) === canonicalSort(current))?.[0] ?? '';
  const sortChoice = choice('sort', 'Sort by', [['', 'Order added'], ...sorts], chosen, (value) =>
    go(withParameter(uri, 'sort', value), 'sort'),
  );
  const controls = make('div', '', 'controls');
  controls.append(sizeChoice, sortChoice);
  fill(element('paging'), [make('p', `Page ${number + 1} of ${totalPages}, ${totalElements} books in all`), pager, controls]);
  // A long page gets the pager below its books too, where a reader who scrolled down is.
  const below = /** @type {HTMLElement} */ (pager.cloneNode(true));
  below.setAttribute('aria-label', 'Pages, below the books');
  fill(element('paging-below'), (body._embedded?.bookDTOList?.length ?? 0) > LONG_PAGE ? [below] : []);
}

/** `title` and `title,asc` are the same order. @param {string} value */
const canonicalSort = (value) => (value === '' ? '' : value.includes(',') ? value : `${value},asc`);

/**
 * The sort choices the OpenAPI document lists, in words: `author,desc` reads "Author Z–A", and
 * a field the document types as a number, `year,desc`, "Year 9–0".
 * Each order is offered once, as the first value that names it.
 * @param {import('./openapi.js').Api} api
 * @returns {[string, string][]}
 */
export function sortChoices(api) {
  /** @type {Map<string, [string, string]>} */
  const choices = new Map();
  for (const value of api.sortValues) {
    const [key = '', direction = 'asc'] = value.split(',');
    const canonical = `${key},${direction}`;
    const numeric = (api.fields.find((field) => field.name === key)?.type ?? 'string') !== 'string';
    const words = numeric ? (direction === 'desc' ? '9–0' : '0–9') : direction === 'desc' ? 'Z–A' : 'A–Z';
    if (!choices.has(canonical)) choices.set(canonical, [value, `${api.label(key)} ${words}`]);
  }
  return [...choices.values()];
}

/**
 * A labelled select whose change shows another uri. A choice picked with a pointer shows at once;
 * one reached from the keyboard (the arrow keys of a closed select, or typing) waits for Enter, so
 * arrowing through the choices loads nothing on the way, and leaving without Enter puts back the
 * choice on view.
 * `id` lets the new view give focus back to the select of the same name.
 * @param {string} id @param {string} text @param {[string, string][]} options @param {string} chosen @param {(value: string) => void} change
 */
function choice(id, text, options, chosen, change) {
  const select = make('select');
  select.id = id;
  for (const [value, label] of options) select.append(new Option(label, value, false, value === chosen));
  // Set by a key, cleared by a pointer: a change made from the keyboard waits for Enter.
  let keyed = false;
  select.addEventListener('pointerdown', () => void (keyed = false));
  select.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && select.value !== chosen) change(select.value);
    // The keys that change a closed select's choice; Space and Alt+Down open the list, whose pick then shows at once.
    keyed = (/^(Arrow|Page|Home$|End$)/.test(event.key) && !event.altKey) || (event.key.length === 1 && event.key !== ' ');
  });
  select.addEventListener('change', () => keyed || change(select.value));
  select.addEventListener('blur', () => void (select.value = chosen));
  const label = make('label', `${text} `);
  label.append(select);
  return label;
}
