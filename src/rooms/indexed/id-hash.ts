/**
 * A hash table of ids, by open addressing with linear probing (Knuth, TAOCP 6.4): one Int32Array,
 * at most half full, holding no keys; a key is read through the records whenever it is needed.
 */
export class IdHash<K> {
  private slots = new Int32Array(16); // id + 1; 0 is a free slot
  private count = 0;
  private readonly hashKey: (key: K) => number;
  private readonly hashId: (id: number) => number;
  private readonly matches: (id: number, key: K) => boolean;

  /** `hashKey(key)` and `hashId(id)` must agree for the id whose record has that key. */
  constructor(hashKey: (key: K) => number, hashId: (id: number) => number, matches: (id: number, key: K) => boolean) {
    this.hashKey = hashKey;
    this.hashId = hashId;
    this.matches = matches;
  }

  get size(): number {
    return this.count;
  }

  find(key: K): number | undefined {
    const mask = this.slots.length - 1;
    for (let i = this.hashKey(key) & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i] as number;
      if (slot === 0) return undefined;
      if (this.matches(slot - 1, key)) return slot - 1;
    }
  }

  /** Adds an id under `key`, which no other id in the set has; its record may not be stored yet. */
  add(id: number, key: K): void {
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    this.place(id, this.hashKey(key));
    this.count++;
  }

  /** Removes an id that is in the set under `key`. */
  delete(id: number, key: K): void {
    const { slots } = this;
    const mask = slots.length - 1;
    let i = this.hashKey(key) & mask;
    while (slots[i] !== id + 1) i = (i + 1) & mask;
    // Backward-shift deletion: every later id of the run moves up if its home allows it.
    for (let j = (i + 1) & mask; slots[j] !== 0; j = (j + 1) & mask) {
      const home = this.hashId((slots[j] as number) - 1) & mask;
      if (((j - home) & mask) >= ((j - i) & mask)) {
        slots[i] = slots[j] as number;
        i = j;
      }
    }
    slots[i] = 0;
    this.count--;
  }

  private place(id: number, hash: number): void {
    const mask = this.slots.length - 1;
    let i = hash & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = id + 1;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (const slot of old) if (slot !== 0) this.place(slot - 1, this.hashId(slot - 1));
  }
}

/** A seed drawn at start-up, so that which keys collide differs from process to process. */
const SEED = (Math.random() * 2 ** 32) >>> 0;

/** A 32-bit hash of up to three strings, FNV-1a from a random basis, each string's end marked. */
export function hashStrings(a: string, b = '', c = ''): number {
  let h = mix(mix(mix(SEED ^ 0x811c9dc5, a), b), c);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}

function mix(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ 0x10000, 0x01000193); // above every code unit: ("a b", "c") and ("a", "b c") differ
}
