/**
 * Ketting, a HAL and HAL-FORMS client, run as a client of the service would run it: installed
 * with npm into a directory of its own under the system's temporary directory (not a dependency
 * of the project), then a script of the test's run by node there, which prints JSON.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSION = '8.0.0';
const HOME = join(tmpdir(), `book-catalogue-ketting-${VERSION}`);

/** Installs Ketting once per machine; the reason it cannot, or undefined when it is there. */
export function installKetting(): string | undefined {
  if (existsSync(join(HOME, 'node_modules', 'ketting', 'package.json'))) return undefined;
  mkdirSync(HOME, { recursive: true });
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', HOME, `ketting@${VERSION}`], {
      stdio: 'ignore',
      timeout: 120_000,
    });
    return undefined;
  } catch (error) {
    return `npm could not install ketting@${VERSION} (${(error as Error).message.split('\n')[0]}): install it by hand into ${HOME}`;
  }
}

/** Runs `body`, an ES module's code with `Client` imported and `base` defined, and returns what it printed as JSON. */
export function runKetting(base: string, body: string): Promise<unknown> {
  const file = join(HOME, `script-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, `import { Client } from 'ketting';\nconst base = ${JSON.stringify(base)};\n${body}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: HOME, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`ketting script exited ${code}: ${err}`));
      else resolve(JSON.parse(out));
    });
  });
}
