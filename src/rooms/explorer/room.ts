/**
 * The API explorer, as a room (api.md, The explorer): one page, its script modules and its
 * stylesheets, read once from public/ at start-up and sent as they are. A browser that asks for
 * `/` is sent to the page; every other client gets the API root as before.
 */
import { readFileSync } from 'node:fs';
import { mediaRanges } from '../../core/request.ts';
import { defineRoom, type Route } from '../../core/rooms.ts';
import type { Reply } from '../../core/send.ts';

/**
 * The page may load only what its own origin serves, may not change its base or send a form
 * elsewhere, no other page may frame it, and the address it was on is never sent on. (Every
 * answer, these too, carries `X-Content-Type-Options: nosniff`: the core's send.ts adds it.)
 */
export const EXPLORER_HEADERS = {
  'content-security-policy': "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

const HTML = 'text/html; charset=utf-8';
const SCRIPT = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/**
 * Every file of the explorer, each a route whose summary a room that describes the routes reads.
 * Only these paths exist: nothing from a request is joined onto the file system. app.js imports
 * the other modules; the page links the sheets.
 */
export const EXPLORER_FILES = [
  {
    path: '/explorer',
    file: 'explorer.html',
    type: HTML,
    summary: 'The API explorer: a page that walks the links of this API in a browser.',
  },
  {
    path: '/explorer/app.js',
    file: 'app.js',
    type: SCRIPT,
    summary: "The explorer's script, an ES module: its start, which reads this OpenAPI document and wires the page.",
  },
  {
    path: '/explorer/flow.js',
    file: 'flow.js',
    type: SCRIPT,
    summary: "The explorer's flow of requests: which one owns the view, and where focus goes after it.",
  },
  {
    path: '/explorer/writes.js',
    file: 'writes.js',
    type: SCRIPT,
    summary: "The explorer's writes: sent with the token, and how each one ends.",
  },
  {
    path: '/explorer/edit.js',
    file: 'edit.js',
    type: SCRIPT,
    summary: "The explorer's book writes: add, save, Edit and Delete.",
  },
  {
    path: '/explorer/address.js',
    file: 'address.js',
    type: SCRIPT,
    summary: "The explorer's addresses: the fragment, and the same-origin check of every request.",
  },
  {
    path: '/explorer/address-box.js',
    file: 'address-box.js',
    type: SCRIPT,
    summary: "The explorer's address box: any address of the API, opened as a link would be.",
  },
  {
    path: '/explorer/template-form.js',
    file: 'template-form.js',
    type: SCRIPT,
    summary: "The explorer's form for a templated link: a field a variable, and the address they make.",
  },
  {
    path: '/explorer/openapi.js',
    file: 'openapi.js',
    type: SCRIPT,
    summary: 'What the explorer reads from this OpenAPI document: labels, sort choices, paged paths.',
  },
  {
    path: '/explorer/view.js',
    file: 'view.js',
    type: SCRIPT,
    summary: "The explorer's view of one answer, written as text.",
  },
  {
    path: '/explorer/book.js',
    file: 'book.js',
    type: SCRIPT,
    summary: "The explorer's view of a book's fields and actions, and of the books of a page.",
  },
  {
    path: '/explorer/pager.js',
    file: 'pager.js',
    type: SCRIPT,
    summary: "The explorer's pager, page size and order, within what this OpenAPI document allows.",
  },
  {
    path: '/explorer/form.js',
    file: 'form.js',
    type: SCRIPT,
    summary: "The explorer's book form, drawn from the HAL-FORMS templates of the books.",
  },
  {
    path: '/explorer/field-errors.js',
    file: 'field-errors.js',
    type: SCRIPT,
    summary: "The explorer's field errors, each beside its field.",
  },
  {
    path: '/explorer/dom.js',
    file: 'dom.js',
    type: SCRIPT,
    summary: "The explorer's few ways of touching the document.",
  },
  { path: '/explorer/style.css', file: 'style.css', type: CSS, summary: "The explorer's stylesheet." },
  {
    path: '/explorer/view.css',
    file: 'view.css',
    type: CSS,
    summary: "The explorer's stylesheet for the view.",
  },
  {
    path: '/explorer/lists.css',
    file: 'lists.css',
    type: CSS,
    summary: "The explorer's stylesheet for the view's lists.",
  },
  {
    path: '/explorer/form.css',
    file: 'form.css',
    type: CSS,
    summary: "The explorer's stylesheet for the book form.",
  },
] as const;

export const explorer = defineRoom({
  name: 'explorer',
  plug: () => ({
    routes: EXPLORER_FILES.map(({ path, file, type, summary }): Route => {
      const body = readFileSync(new URL(`../../../public/${file}`, import.meta.url));
      return { method: 'GET', path, summary, handler: () => ({ status: 200, body, type, headers: EXPLORER_HEADERS }) };
    }),
    // `/` sends a browser's address bar on to the page; both its answers vary by Accept.
    wrap: (route): Route =>
      route.method !== 'GET' || route.path !== '/'
        ? route
        : {
            ...route,
            handler: async (request): Promise<Reply> => {
              if (wantsHtml(request.req.headers.accept))
                return { status: 303, headers: { location: `${request.base}/explorer`, vary: 'Accept' } };
              const reply = await route.handler(request);
              return { ...reply, headers: { ...reply.headers, vary: 'Accept' } };
            },
          },
  }),
});

/**
 * Whether an Accept header is a browser's address bar: it names `text/html` with a q above 0,
 * and no JSON type (`application/json` or any `+json`) with a q above 0. `*\/*` alone is not.
 */
function wantsHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const wanted = mediaRanges(accept).filter((range) => range.q > 0);
  const json = (type: string): boolean => type === 'application/json' || type.endsWith('+json');
  return wanted.some((range) => range.type === 'text/html') && !wanted.some((range) => json(range.type));
}
