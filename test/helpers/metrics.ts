/** Reading the Prometheus text a scrape gets: its samples as name, labels and value. */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample line of `text`; a line that is neither a sample, a comment nor empty throws. */
export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL))
      labels[name as string] = (value as string).replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
    samples.push({ name: match[1] as string, labels, value: match[3] === '+Inf' ? Infinity : Number(match[3]) });
  }
  return samples;
}

/** The scrape of a metrics listener at `base`. */
export async function scrape(base: string): Promise<{ response: Response; text: string; samples: Sample[] }> {
  const response = await fetch(`${base}/metrics`);
  const text = await response.text();
  return { response, text, samples: parseSamples(text) };
}
