/**
 * The Prometheus text format, version 0.0.4, written by hand: a family is `# HELP`, `# TYPE`
 * and its samples, one a line, label values escaped as the format says.
 */

export const METRICS_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Readonly<Record<string, string>>;

/** `{a="1",b="2"}`, with backslash, double quote and line feed escaped in each value. */
function labelText(labels: Labels): string {
  const pairs = Object.entries(labels).map(
    ([name, value]) => `${name}="${value.replace(/[\\"\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`))}"`,
  );
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

/** A number as the format writes it: `+Inf`, `NaN`, or as JavaScript writes it. */
function valueText(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** The lines of one family. */
export function family(
  name: string,
  type: 'counter' | 'gauge' | 'histogram' | 'summary',
  help: string,
  samples: readonly string[],
): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${samples.join('')}`;
}

/** One sample line. */
export function sample(name: string, labels: Labels, value: number): string {
  return `${name}${labelText(labels)} ${valueText(value)}\n`;
}

/** The lines of a histogram's label set: cumulative buckets up to +Inf, then its sum and count. */
export function histogramSamples(
  name: string,
  labels: Labels,
  bounds: readonly number[],
  counts: ArrayLike<number>,
  sum: number,
): string[] {
  const lines: string[] = [];
  let cumulative = 0;
  bounds.forEach((bound, index) => {
    cumulative += counts[index] as number;
    lines.push(sample(`${name}_bucket`, { ...labels, le: valueText(bound) }, cumulative));
  });
  cumulative += counts[bounds.length] as number;
  lines.push(sample(`${name}_bucket`, { ...labels, le: '+Inf' }, cumulative));
  lines.push(sample(`${name}_sum`, labels, sum), sample(`${name}_count`, labels, cumulative));
  return lines;
}
