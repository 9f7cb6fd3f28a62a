/**
 * A trigram index over titles, as PostgreSQL's pg_trgm and Russ Cox's code search build one. It
 * exists so that a title search costs about as much as its answer, not as much as the catalogue:
 * scanning 100,000 titles per request takes milliseconds, and more when every title shares the
 * searched words.
 *
 * Each title is lower-cased (JavaScript's `toLowerCase()`, as the contract says) and cut into
 * every run of three UTF-16 code units. A posting list per trigram holds the ids of the titles
 * that contain it, in ascending order. A title that contains the query contains each of the
 * query's trigrams, so the shortest of their lists holds every match: its entries are the
 * candidates, and each is checked against the lower-cased title itself. A query of one or two
 * code units has no trigram; it scans the compact array of lower-cased titles instead.
 *
 * Ids only grow, so a list stays sorted by appending. A removal leaves its ids in the lists
 * (each candidate is checked against the live titles anyway) and counts them; a list that is
 * more than half removed ids is compacted on the spot, so the work of a removal stays small
 * on average and no write rebuilds the index.
 */

/**
 * The bytes of every posting list, in one shared buffer. A list that fills its room moves to
 * the end with half as much room again, and the room it left is counted as waste; once waste is
 * a quarter of the buffer, every list is copied down to close the gaps. Thousands of small buffers growing
 * one by one would leave the process's memory allocator fragmented: measured at 100,000 books,
 * about 250 bytes of resident memory a book that DECISIONS G's 500 cannot spare.
 */
class Arena {
  bytes = new Uint8Array(1 << 16);
  /** Bytes handed out, and how many of them lists have moved away from. */
  end = 0;
  waste = 0;
  readonly lists = new Set<PostingList>();

  /** Gives `list` room for at least `need` more bytes. */
  grow(list: PostingList, need: number): void {
    // Half as much again: a list's room grows geometrically, so appends move it only now and then.
    const room = Math.max(8, Math.ceil((list.used + need) * 1.5));
    if (this.end + room > this.bytes.length) {
      if (this.waste > this.end / 4) this.compact();
      if (this.end + room > this.bytes.length) this.resize(Math.max(this.bytes.length * 2, this.end + room));
    }
    this.bytes.copyWithin(this.end, list.start, list.start + list.used);
    this.waste += list.room;
    list.start = this.end;
    list.room = room;
    this.end += room;
  }

  release(list: PostingList): void {
    this.waste += list.room;
    this.lists.delete(list);
  }

  /** Copies every list down, in order, leaving each the room it had. */
  private compact(): void {
    const bytes = new Uint8Array(this.bytes.length);
    let end = 0;
    for (const list of this.lists) {
      bytes.set(this.bytes.subarray(list.start, list.start + list.used), end);
      list.start = end;
      end += list.room;
    }
    this.bytes = bytes;
    this.end = end;
    this.waste = 0;
  }

  private resize(size: number): void {
    const bytes = new Uint8Array(size);
    bytes.set(this.bytes.subarray(0, this.end));
    this.bytes = bytes;
  }
}

/** Ids in ascending order, delta-encoded in 7-bit groups (varints): most take one or two bytes. */
class PostingList {
  readonly arena: Arena;
  /** Where the list's bytes start in the arena, how many it may use, and how many it does. */
  start = 0;
  room = 0;
  used = 0;
  /** The last id appended, which the next delta starts from. */
  last = 0;
  /** Entries appended, and how many of them were removed since. */
  count = 0;
  removed = 0;

  constructor(arena: Arena) {
    this.arena = arena;
    arena.lists.add(this);
  }

  append(id: number): void {
    if (this.room - this.used < 5) this.arena.grow(this, 5);
    const bytes = this.arena.bytes;
    let at = this.start + this.used;
    let delta = id - this.last;
    while (delta >= 0x80) {
      bytes[at++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    bytes[at++] = delta;
    this.used = at - this.start;
    this.last = id;
    this.count++;
  }

  /** Calls `visit` with each id, ascending. Ids stay below 2^31 (int32), as they do in the store. */
  forEach(visit: (id: number) => void): void {
    const bytes = this.arena.bytes;
    const end = this.start + this.used;
    let id = 0;
    let at = this.start;
    while (at < end) {
      let byte = bytes[at++] as number;
      let delta = byte & 0x7f;
      for (let shift = 7; byte >= 0x80; shift += 7) {
        byte = bytes[at++] as number;
        delta |= (byte & 0x7f) << shift;
      }
      id += delta;
      visit(id);
    }
  }
}

export interface TitleMatches {
  /** The ids of the matching titles, ascending. */
  readonly ids: Int32Array;
  /** Whether this id matched; valid until the next search. */
  has(id: number): boolean;
}

export class TrigramIndex {
  private readonly lists = new Map<string, PostingList>();
  private readonly arena = new Arena();
  /** By id: the lower-cased title; undefined once removed. */
  private readonly lowered: (string | undefined)[] = [];
  /** `marks[id] === epoch` says the id matched the latest search. */
  private marks = new Uint32Array(1024);
  private epoch = 0;
  private found = new Int32Array(1024);

  /** Adds a title under a new id, larger than every id added before. */
  add(id: number, title: string): void {
    const lowered = title.toLowerCase();
    this.lowered[id] = lowered;
    for (const trigram of trigramsOf(lowered)) {
      let list = this.lists.get(trigram);
      if (!list) this.lists.set(trigram, (list = new PostingList(this.arena)));
      list.append(id);
    }
  }

  remove(id: number): void {
    const lowered = this.lowered[id];
    if (lowered === undefined) return;
    this.lowered[id] = undefined;
    for (const trigram of trigramsOf(lowered)) {
      const list = this.lists.get(trigram) as PostingList;
      list.removed++;
      if (list.removed === list.count) {
        this.lists.delete(trigram);
        this.arena.release(list);
      } else if (list.removed * 2 > list.count) this.compact(list);
    }
  }

  /** The titles that contain `query`, both sides lower-cased. */
  search(query: string): TitleMatches {
    const needle = query.toLowerCase();
    const trigrams = trigramsOf(needle);
    // The shortest posting list among the query's trigrams holds every match.
    let shortest: PostingList | undefined;
    for (const trigram of trigrams) {
      const list = this.lists.get(trigram);
      if (!list) return { ids: new Int32Array(0), has: () => false }; // a trigram that no title has
      if (!shortest || list.used < shortest.used) shortest = list;
    }
    const { lowered } = this;
    const marks = this.fresh();
    const epoch = this.epoch;
    // Matches go to a buffer kept from search to search: a search allocates only its answer.
    if (this.found.length < lowered.length) this.found = new Int32Array(lowered.length * 2);
    const found = this.found;
    let count = 0;
    const check = (id: number): void => {
      const title = lowered[id];
      if (title !== undefined && title.includes(needle)) {
        marks[id] = epoch;
        found[count++] = id;
      }
    };
    // One or two characters have no trigram: every title is then a candidate.
    if (shortest) shortest.forEach(check);
    else for (let id = 0; id < lowered.length; id++) check(id);
    return { ids: found.slice(0, count), has: (id) => marks[id] === epoch };
  }

  /**
   * The marks for a new search, with room for every id so far: a new epoch stands for "not
   * marked" everywhere at once, so nothing needs clearing between searches.
   */
  private fresh(): Uint32Array {
    if (this.marks.length < this.lowered.length) this.marks = new Uint32Array(this.lowered.length * 2);
    if (++this.epoch === 0xffff_ffff) {
      this.marks.fill(0);
      this.epoch = 1;
    }
    return this.marks;
  }

  /**
   * Rewrites a list in place with only the ids still present (ids are never reused, so present
   * means live). The kept entries take no more bytes than before, so the rewrite never outruns
   * the reading.
   */
  private compact(list: PostingList): void {
    const live: number[] = [];
    list.forEach((id) => {
      if (this.lowered[id] !== undefined) live.push(id);
    });
    list.used = 0;
    list.last = 0;
    list.count = 0;
    list.removed = 0;
    for (const id of live) list.append(id);
  }
}

/** The distinct runs of three code units of a (lower-cased) text. */
function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (let at = 0; at + 3 <= text.length; at++) trigrams.add(text.slice(at, at + 3));
  return trigrams;
}
