/**
 * Suites that need a program this machine may lack (nginx, Chromium). Node's summary counts
 * skipped tests, not skipped suites, so without the program one skipped test stands in the
 * suite's place: the summary counts it, and its reason says what to install.
 */
import { describe, it } from 'node:test';

export function describeWhen(available: boolean, name: string, missing: string, body: () => void): void {
  if (available) describe(name, body);
  else it(name, { skip: missing }, () => {});
}
