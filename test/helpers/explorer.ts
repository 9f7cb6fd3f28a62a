/**
 * The explorer in a browser tab, for the suites of test/browser/: one Chromium per suite, and
 * for each test a fresh service and a tab of its own on `/explorer`, both closed after it. Also
 * the few things those tests do again and again: read a text, fill and send the book form,
 * count requests, add many books, set the window's size and scheme, take a screenshot.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before } from 'node:test';
import type { BookStore } from '../../src/core/store.ts';
import { type Browser, type BrowserPage, type Prepare, startBrowser } from './chromium.ts';
import { ROOMS } from '../../src/rooms.ts';
import { startServer, type TestServer } from './server.ts';

export interface ExplorerTab {
  readonly server: TestServer;
  readonly page: BrowserPage;
}

export interface TabOptions {
  /** Runs on the tab before it loads the page: to record its requests from the first, say. */
  readonly prepare?: Prepare;
  /** Waits for the page's first view (true unless said otherwise). */
  readonly ready?: boolean;
}

/**
 * Registers the suite's hooks (call it inside `describe`): one Chromium for the suite, and
 * everything a test opened closed after it. `open` starts a service with `env` and shows
 * `/explorer{fragment}` on it; `serve` and `show` do the two halves, for a page reached another
 * way (through a proxy, say).
 */
export function explorerTabs(chromium: string): {
  open(env: Record<string, string>, fragment: string, options?: TabOptions): Promise<ExplorerTab>;
  serve(env: Record<string, string>): Promise<TestServer>;
  show(url: string, options?: TabOptions): Promise<BrowserPage>;
} {
  let browser: Browser | undefined;
  const servers: TestServer[] = [];
  const pages: BrowserPage[] = [];
  before(async () => (browser = await startBrowser(chromium)));
  after(async () => browser?.close());
  afterEach(async () => {
    try {
      for (const page of pages.splice(0)) await page.close();
    } finally {
      for (const server of servers.splice(0)) await server.close();
    }
  });
  const serve = async (env: Record<string, string>): Promise<TestServer> => {
    const server = await startServer(env, { rooms: ROOMS });
    servers.push(server);
    return server;
  };
  const show = async (url: string, { prepare, ready = true }: TabOptions = {}): Promise<BrowserPage> => {
    const page = await (browser as Browser).open(url, prepare);
    pages.push(page);
    if (ready) await page.waitFor(`document.body.dataset.ready === 'true'`, 'the page to show its first view');
    return page;
  };
  return {
    serve,
    show,
    async open(env, fragment, options) {
      const server = await serve(env);
      return { server, page: await show(`${server.base}/explorer${fragment}`, options) };
    },
  };
}

/** An expression: the text of the element with this id. */
export const text = (id: string): string => `document.getElementById(${JSON.stringify(id)}).textContent`;

/** An expression: the view's heading, once no request is running. */
export const settledHeading = `document.getElementById('view').getAttribute('aria-busy') === 'false' && document.getElementById('view-heading').textContent`;

/**
 * An expression: true once the view shows what the address names, read with a GET. The address
 * changes the moment a link or a select is used, but the view only when the page's hashchange
 * listener runs later, so a wait on the old view alone can pass too soon.
 */
export const viewMatchesAddress = `document.getElementById('view').getAttribute('aria-busy') === 'false' && document.getElementById('request-line').textContent === 'GET ' + decodeURIComponent(location.hash.slice('#uri='.length))`;

/** Types into the book form's field `name`, as a person would leave it. */
export const fill = (page: BrowserPage, name: string, value: string): Promise<unknown> =>
  page.evaluate(`(() => {
    const input = document.getElementById('field-${name}');
    input.value = ${JSON.stringify(value)};
    input.dispatchEvent(new Event('input', { bubbles: true }));
  })()`);

/** Presses the form's submit button (Add book, or Save changes). */
export const submit = (page: BrowserPage): Promise<unknown> => page.evaluate(`document.getElementById('submit-book').click()`);

/** Clicks the link (or button) whose text is `label`, inside `scope` (a CSS selector). */
export const click = (page: BrowserPage, scope: string, label: string): Promise<unknown> =>
  page.evaluate(`(() => {
    const target = [...document.querySelectorAll(${JSON.stringify(`${scope} a, ${scope} button`)})].find((node) => node.textContent === ${JSON.stringify(label)});
    if (!target) throw new Error(${JSON.stringify(`no "${label}" in ${scope}`)});
    target.click();
  })()`);

/** Sets the token field, as a person typing it. */
export const typeToken = (page: BrowserPage, token: string): Promise<unknown> =>
  page.evaluate(`(() => {
    const field = document.getElementById('token');
    field.value = ${JSON.stringify(token)};
    field.dispatchEvent(new Event('input', { bubbles: true }));
  })()`);

export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly postData?: string;
}

/**
 * Records every request the tab sends from now on (Network.requestWillBeSent), page and
 * script alike: what left, where to, with which headers. Pass it as `prepare` to see the first.
 */
export function recordRequests(): { seen: SeenRequest[]; prepare: Prepare } {
  const seen: SeenRequest[] = [];
  return {
    seen,
    prepare: async (page) => {
      page.on('Network.requestWillBeSent', (params) => seen.push(params.request as SeenRequest));
      await page.send('Network.enable');
    },
  };
}

/** Adds `count` books straight into the store: `Book 001` to `Book {count}`, by `Author NNN`. */
export function addBooks(store: BookStore, count: number, from = 1): void {
  for (let number = from; number < from + count; number++) {
    const tag = String(number).padStart(3, '0');
    store.add({
      isbn: `978-0-00-000${tag}-0`,
      title: `Book ${tag}`,
      author: `Author ${tag}`,
      authorFirstName: 'Author',
      authorLastName: tag,
    });
  }
}

/** The window's size, and its colour scheme (`prefers-color-scheme`). */
export async function setWindow(page: BrowserPage, width: number, height: number, scheme: 'light' | 'dark' = 'light'): Promise<void> {
  await page.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  await page.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
}

/**
 * Saves a screenshot of the whole document as `{name}.png` under the folder EXPLORER_SHOTS
 * names (e.g. /tmp/explorer-shots), for a person to look at; without it, does nothing.
 */
export async function screenshot(page: BrowserPage, name: string): Promise<void> {
  const folder = process.env.EXPLORER_SHOTS;
  if (!folder) return;
  const size = await page.evaluate<{ width: number; height: number }>(
    `({ width: document.documentElement.clientWidth, height: document.documentElement.scrollHeight })`,
  );
  const shot = await page.send('Page.captureScreenshot', {
    format: 'png',
    captureBeyondViewport: true,
    clip: { x: 0, y: 0, ...size, scale: 1 },
  });
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}.png`), Buffer.from(String(shot.data), 'base64'));
}

/** With EXPLORER_SHOTS set, `{name}-{width}-{scheme}.png` at 1280 and 390 px, light and dark; the window is back at 1280 light after. */
export async function screenshotsAt(page: BrowserPage, name: string): Promise<void> {
  if (!process.env.EXPLORER_SHOTS) return;
  for (const [width, scheme] of [
    [1280, 'light'],
    [390, 'dark'],
    [1280, 'dark'],
    [390, 'light'],
  ] as const) {
    await setWindow(page, width, 900, scheme);
    await screenshot(page, `${name}-${width}-${scheme}`);
  }
  await setWindow(page, 1280, 900);
}
