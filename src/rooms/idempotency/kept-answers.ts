/**
 * The answers kept under their Idempotency-Key (api.md, Safe retries): a Map in the order the
 * answers were kept, so that the oldest is the first dropped, whether by age, by count or by size.
 */

/** What a key holds: a request still being handled, or the answer its request got, that request's fingerprint, its size and its end. */
export type Entry<A> =
  | { readonly state: 'in-flight' }
  | { readonly state: 'kept'; readonly fingerprint: string; readonly answer: A; readonly bytes: number; readonly until: number };

/** What an entry costs besides its answer's bytes and its key, about: the Map's slot, the fingerprint, the objects that hold them. */
const ENTRY_BYTES = 512;

export type Bounds = Readonly<{ keys: number; bytes: number; ttlMs: number }>;

export class KeptAnswers<A> {
  private readonly entries = new Map<string, Entry<A>>();
  private bytes = 0;
  private readonly bounds: Bounds;
  private readonly now: () => number;

  /** `now`, in milliseconds, is for a test that moves the clock. */
  constructor(bounds: Bounds, now: () => number = () => performance.now()) {
    this.bounds = bounds;
    this.now = now;
  }

  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  /** The key's entry, if it has one that has not expired. */
  get(key: string): Entry<A> | undefined {
    this.expire();
    return this.entries.get(key);
  }

  /** Marks the key as taken by a request being handled; the object returned names that request. */
  begin(key: string): Entry<A> {
    const entry: Entry<A> = { state: 'in-flight' };
    this.set(key, entry, 0);
    return entry;
  }

  /** Keeps the answer of the request `begun` names, unless its key was dropped meanwhile (then it is a new key, as any dropped one). */
  keep(key: string, begun: Entry<A>, fingerprint: string, answer: A, bytes: number): void {
    if (this.entries.get(key) !== begun) return;
    this.remove(key);
    this.set(key, { state: 'kept', fingerprint, answer, bytes, until: this.now() + this.bounds.ttlMs }, bytes);
  }

  /** Frees the key of a request whose answer is not kept (a 5xx, or one given before the body was read whole). */
  forget(key: string, begun: Entry<A>): void {
    if (this.entries.get(key) === begun) this.remove(key);
  }

  private set(key: string, entry: Entry<A>, bytes: number): void {
    this.entries.set(key, entry);
    this.bytes += bytes + ENTRY_BYTES + key.length;
    // The oldest kept answers go first until both bounds hold. A request still under way keeps its key: dropped, a copy
    // sent meanwhile would be handled too. There are no more of those than connections, which the service bounds.
    for (const [oldest, { state }] of this.entries) {
      if (this.entries.size <= this.bounds.keys && this.bytes <= this.bounds.bytes) break;
      if (oldest !== key && state === 'kept') this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= ('bytes' in entry ? entry.bytes : 0) + ENTRY_BYTES + key.length;
  }

  /** Drops the kept answers whose time is up: the oldest come first, so the walk stops at the first still good. */
  private expire(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.state === 'in-flight') continue;
      if (entry.until > now) break;
      this.remove(key);
    }
  }
}
