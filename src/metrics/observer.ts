/**
 * What the HTTP layer tells whoever watches it, when someone does (METRICS_PORT): a request
 * begun, a request answered, a connection the service closed itself.
 */
import type { ClosedReason } from '../http/client-error.ts';

export interface RequestObserver {
  started(): void;
  /** `route` is the route table's template, or `other`; `seconds` is the time the answer took. */
  answered(method: string, route: string, status: number, seconds: number): void;
  /** An answer node's parser wrote for a request it could not read. */
  rejected(status: number): void;
  closed(reason: 'send_timeout' | ClosedReason): void;
}
