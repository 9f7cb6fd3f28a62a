/**
 * Headless Chromium (Debian's `chromium` package), driven over the DevTools protocol with
 * Node's own WebSocket: no browser package. `startBrowser` starts one browser for a suite and
 * `open` gives each test a tab of its own; `openPage` does both for one page. `evaluate` runs an
 * expression in the page and waits for its promise, and `on` hears the protocol's events, so a
 * test waits for what the page does, never for a fixed time.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Chromium binary, or undefined when it is not installed (browser tests then skip). */
export function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found !== '') return found;
  }
  return undefined;
}

export interface BrowserPage {
  /** Evaluates `expression` in the page, awaits it when it is a promise, and returns its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Sends one DevTools command to the page. */
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Calls `listener` with the parameters of every DevTools event `method` from now on; returns a function that stops it. */
  on(method: string, listener: (params: Record<string, unknown>) => void): () => void;
  /** Resolves when `condition` (an expression) is true in the page, checking on each animation frame. */
  waitFor(condition: string, what: string): Promise<void>;
  /** Reloads the page and resolves once the new document has loaded. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** Runs on a tab before it loads its URL: to listen to the network from the first request, say. */
export type Prepare = (page: BrowserPage) => Promise<unknown>;

export interface Browser {
  /** A new tab of this browser, on `url`, loaded; its own sessionStorage and network settings. */
  open(url: string, prepare?: Prepare): Promise<BrowserPage>;
  /** Ends the browser and every tab, and removes its profile. */
  close(): Promise<void>;
}

/** Starts headless Chromium, connects to its page, and loads `url` there; closing the page ends the browser. */
export async function openPage(binary: string, url: string): Promise<BrowserPage> {
  const browser = await startBrowser(binary);
  try {
    const page = await browser.open(url);
    return { ...page, close: () => page.close().finally(() => browser.close()) };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * Starts headless Chromium once, for a suite whose tests each open a tab: a tab costs a few
 * milliseconds where a browser costs a second or two of a busy machine's time.
 */
export async function startBrowser(binary: string): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'book-catalogue-chromium-'));
  // The flags of a sandboxed CI machine: no GPU, no first-run work, no calls home.
  const child: ChildProcess = spawn(
    binary,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--hide-scrollbars',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group, so that closing ends the renderers and helpers along with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid as number), 'SIGKILL');
    await exited;
    // A helper process may still be letting go of a file in the profile: retry a few times.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
  };
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        seen += chunk;
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
        if (match) resolve(match[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`chromium exited (${code}) before listening: ${seen}`)));
    });
    const http = endpoint.replace(/^ws:\/\/([^/]+)\/.*$/, 'http://$1');
    return {
      open: async (url, prepare) => {
        const target = (await (await fetch(`${http}/json/new?about:blank`, { method: 'PUT' })).json()) as {
          id: string;
          webSocketDebuggerUrl: string;
        };
        const page = await connect(target.webSocketDebuggerUrl, url, prepare);
        const closeTab = async (): Promise<void> => {
          await page.close();
          await fetch(`${http}/json/close/${target.id}`);
        };
        return { ...page, close: closeTab };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Connects to one tab over its DevTools socket, and loads `url` there. */
async function connect(socketUrl: string, url: string, prepare?: Prepare): Promise<BrowserPage> {
  const socket = new WebSocket(socketUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  const listeners: { method: string; listener: (params: Record<string, unknown>) => void }[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      params?: Record<string, unknown>;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    for (const entry of listeners.filter((candidate) => candidate.method === message.method)) entry.listener(message.params ?? {});
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id as number);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result ?? {});
  });
  const send = (method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const on = (method: string, listener: (params: Record<string, unknown>) => void): (() => void) => {
    const entry = { method, listener };
    listeners.push(entry);
    return () => void listeners.splice(listeners.indexOf(entry), 1);
  };

  const evaluate = async <T>(expression: string): Promise<T> => {
    const reply = (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as {
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (reply.exceptionDetails) throw new Error(`${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text}`);
    return reply.result.value as T;
  };

  // Sends `method` and waits for the page's load event, so that no evaluation runs in a
  // document that is about to be replaced: the old one may still satisfy a waitFor.
  const untilLoaded = async (method: string, params?: Record<string, unknown>): Promise<void> => {
    let stop = (): void => undefined;
    const loaded = new Promise<void>((resolve) => {
      stop = on('Page.loadEventFired', () => (stop(), resolve()));
    });
    try {
      await send(method, params);
    } catch (error) {
      stop();
      throw error;
    }
    await loaded;
  };

  const page: BrowserPage = {
    evaluate,
    send,
    on,
    waitFor: (condition, what) =>
      evaluate<boolean>(`new Promise((resolve, reject) => {
        const started = performance.now();
        const check = () => {
          let done = false;
          try { done = Boolean(${condition}); } catch {}
          if (done) resolve(true);
          else if (performance.now() - started > 20000) reject(new Error(${JSON.stringify(`not seen in 20 s: ${what}`)}));
          else requestAnimationFrame(check);
        };
        check();
      })`).then(() => undefined),
    reload: () => untilLoaded('Page.reload'),
    close: async () => {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((resolve) => socket.addEventListener('close', resolve, { once: true }));
      socket.close();
      await closed;
    },
  };

  await send('Page.enable');
  await prepare?.(page);
  await untilLoaded('Page.navigate', { url });

  return page;
}
