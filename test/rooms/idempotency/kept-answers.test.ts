/** The kept answers' bounds (src/rooms/idempotency/kept-answers.ts): their time, their count and their bytes, on a clock the test moves. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KeptAnswers } from '../../../src/rooms/idempotency/kept-answers.ts';

/** A store of answers on a clock the test moves, and a way to keep one under a key at once. */
function kept(bounds: { keys?: number; bytes?: number; ttlMs?: number } = {}) {
  let time = 0;
  const answers = new KeptAnswers<string>({ keys: 3, bytes: 1_000_000, ttlMs: 1_000, ...bounds }, () => time);
  return {
    answers,
    keep: (key: string, bytes = 10): void => answers.keep(key, answers.begin(key), `print ${key}`, `answer ${key}`, bytes),
    at: (ms: number): void => void (time = ms),
    state: (key: string): string | undefined => answers.get(key)?.state,
  };
}

describe('the kept answers', () => {
  it('keeps an answer with its fingerprint, and drops it once its time is up', () => {
    const { answers, keep, at, state } = kept();
    keep('a');
    at(500);
    keep('b');
    assert.deepEqual(answers.get('a'), { state: 'kept', fingerprint: 'print a', answer: 'answer a', bytes: 10, until: 1_000 });
    at(1_000);
    assert.equal(state('a'), undefined);
    assert.equal(state('b'), 'kept');
    at(1_500);
    assert.equal(state('b'), undefined);
    assert.equal(answers.size, 0);
    assert.equal(answers.heldBytes, 0);
  });

  it('drops the oldest first once there are more keys than allowed; the newest always stays', () => {
    const { keep, state } = kept({ keys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) keep(key);
    assert.deepEqual(['a', 'b', 'c', 'd'].map(state), [undefined, 'kept', 'kept', 'kept']);
  });

  it('drops the oldest first once the answers hold more bytes than allowed', () => {
    // Each entry counts its answer, its key and about 512 bytes of its own.
    const { answers, keep, state } = kept({ keys: 100, bytes: 3 * (1_000 + 512 + 1) });
    for (const key of ['a', 'b', 'c']) keep(key, 1_000);
    assert.equal(answers.heldBytes, 3 * (1_000 + 512 + 1));
    keep('d', 1);
    assert.deepEqual(['a', 'b', 'c', 'd'].map(state), [undefined, 'kept', 'kept', 'kept']);
    keep('e', 2_500);
    assert.deepEqual(['b', 'c', 'd', 'e'].map(state), [undefined, undefined, 'kept', 'kept']);
  });

  it('counts a request under way as a key but never drops it: the oldest kept answer goes instead', () => {
    const { answers, keep, state } = kept({ keys: 2 });
    const begun = answers.begin('slow');
    assert.equal(state('slow'), 'in-flight');
    keep('x');
    keep('y');
    assert.deepEqual(['slow', 'x', 'y'].map(state), ['in-flight', undefined, 'kept']);
    answers.keep('slow', begun, 'print', 'answer', 10);
    assert.deepEqual(['slow', 'y'].map(state), ['kept', 'kept']);
    // A new request takes the place of the oldest kept answer, and when its answer is not kept it gives its key back.
    const again = answers.begin('z');
    answers.forget('z', again);
    assert.deepEqual(['z', 'y', 'slow'].map(state), [undefined, undefined, 'kept']);
    assert.equal(answers.size, 1);
  });

  it('keeps no answer for a key that was forgotten or taken again meanwhile', () => {
    const { answers, state } = kept();
    const first = answers.begin('k');
    answers.forget('k', first);
    const second = answers.begin('k');
    answers.keep('k', first, 'print', 'stale', 10);
    assert.equal(state('k'), 'in-flight');
    answers.keep('k', second, 'print', 'fresh', 10);
    assert.equal((answers.get('k') as { answer: string }).answer, 'fresh');
  });

  it('passes over a request under way when it drops what is out of time', () => {
    const { answers, keep, at, state } = kept({ keys: 10 });
    answers.begin('slow');
    keep('a');
    at(2_000);
    assert.equal(state('a'), undefined);
    assert.equal(state('slow'), 'in-flight');
  });
});
