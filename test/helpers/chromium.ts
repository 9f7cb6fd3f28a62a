/**
 * Headless Chromium (Debian's `chromium` package), driven over the DevTools protocol with
 * Node's own WebSocket: no browser package. `openPage` starts a browser on a URL; `evaluate`
 * runs an expression in the page and waits for its promise, so a test waits for what the page
 * does, never for a fixed time.
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
  /** Resolves when `condition` (an expression) is true in the page, checking on each animation frame. */
  waitFor(condition: string, what: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts headless Chromium, connects to its page, and loads `url` there. */
export async function openPage(binary: string, url: string): Promise<BrowserPage> {
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
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group, so that closing ends the renderers and helpers along with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
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
  const targets = (await (await fetch(`${http}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((candidate) => candidate.type === 'page');
  if (!target) throw new Error('chromium shows no page');

  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  const listeners: { method: string; resolve: () => void }[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; method?: string; result?: Record<string, unknown>; error?: { message: string } };
    for (const listener of listeners.filter((candidate) => candidate.method === message.method)) {
      listeners.splice(listeners.indexOf(listener), 1);
      listener.resolve();
    }
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

  // Navigate once connected, and wait for the page's load event, so that no evaluation runs in
  // a document that is about to be replaced.
  await send('Page.enable');
  const loaded = new Promise<void>((resolve) => listeners.push({ method: 'Page.loadEventFired', resolve }));
  await send('Page.navigate', { url });
  await loaded;

  const evaluate = async <T>(expression: string): Promise<T> => {
    const reply = (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })) as {
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (reply.exceptionDetails) throw new Error(`${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text}`);
    return reply.result.value as T;
  };

  return {
    evaluate,
    send,
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
    close: async () => {
      socket.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-(child.pid as number), 'SIGKILL');
      await exited;
      // A helper process may still be letting go of a file in the profile: retry a few times.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}
