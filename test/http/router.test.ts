/** The router without sockets: strings stand in for handlers. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HttpProblem } from '../../src/http/problem.ts';
import { Router } from '../../src/http/router.ts';

const router = new Router([
  { method: 'GET', path: '/', handler: 'root' },
  { method: 'GET', path: '/books', handler: 'list' },
  { method: 'POST', path: '/books', handler: 'create' },
  { method: 'GET', path: '/books/{isbn}', handler: 'get' },
  { method: 'DELETE', path: '/books/{isbn}', handler: 'remove' },
]);

describe('Router', () => {
  it('matches method and path, and answers HEAD with the GET handler', () => {
    assert.deepEqual(router.match('GET', '/'), { kind: 'found', handler: 'root', params: {} });
    assert.deepEqual(router.match('POST', '/books'), { kind: 'found', handler: 'create', params: {} });
    assert.deepEqual(router.match('HEAD', '/books'), { kind: 'found', handler: 'list', params: {} });
    assert.deepEqual(router.match('DELETE', '/books/1-2-3'), { kind: 'found', handler: 'remove', params: { isbn: '1-2-3' } });
  });

  it('takes a segment as a parameter only when it is all `{name}`; anything else is literal', () => {
    const braces = new Router([
      { method: 'GET', path: '/x{y}', handler: 'before' },
      { method: 'GET', path: '/{y}x', handler: 'after' },
    ]);
    assert.deepEqual(braces.match('GET', '/x{y}'), { kind: 'found', handler: 'before', params: {} });
    assert.deepEqual(braces.match('GET', '/{y}x'), { kind: 'found', handler: 'after', params: {} });
    assert.deepEqual(braces.match('GET', '/xz'), { kind: 'not-found' });
    assert.deepEqual(braces.match('GET', '/zx'), { kind: 'not-found' });
  });

  it('percent-decodes a parameter as one segment', () => {
    assert.deepEqual(router.match('GET', '/books/a%2Fb%3Fc%23d%20e%25'), { kind: 'found', handler: 'get', params: { isbn: 'a/b?c#d e%' } });
    assert.deepEqual(router.match('GET', '/books/%F0%9F%93%9A'), { kind: 'found', handler: 'get', params: { isbn: '📚' } });
  });

  it('answers OPTIONS and other methods on a known path with the allowed methods', () => {
    assert.deepEqual(router.match('OPTIONS', '/books'), { kind: 'options', allow: 'GET, HEAD, POST, OPTIONS' });
    assert.deepEqual(router.match('PUT', '/books/x'), { kind: 'method-not-allowed', allow: 'GET, HEAD, DELETE, OPTIONS' });
    assert.deepEqual(router.match('POST', '/'), { kind: 'method-not-allowed', allow: 'GET, HEAD, OPTIONS' });
  });

  it('does not match an empty segment, an extra segment or a trailing slash', () => {
    for (const path of ['/books/', '/books/a/b', '/books//', '//', '/book', '/books/x/', '/booksx/1', 'books/x', '*', '']) {
      assert.deepEqual(router.match('GET', path), { kind: 'not-found' }, path);
    }
  });

  it('throws a 400 problem for a malformed escape anywhere in the path', () => {
    for (const path of ['/books/%', '/books/%g0', '/unknown/%ff']) {
      assert.throws(
        () => router.match('GET', path),
        (error: unknown) => error instanceof HttpProblem && error.status === 400,
        path,
      );
    }
  });

  it('names the template a path fits, whatever the method, as a route that the same path matches (api.md, Metrics)', () => {
    const cases: [string, string | undefined][] = [
      ['/', '/'],
      ['/books', '/books'],
      ['/books/1-2-3', '/books/{isbn}'],
      ['/books/a%2Fb%zz', '/books/{isbn}'],
      ['/books/', undefined],
      ['/books/x/y', undefined],
      ['/bookss', undefined],
      ['/book', undefined],
      ['//', undefined],
      ['', undefined],
      ['/nope', undefined],
      ['books', undefined],
    ];
    for (const [path, template] of cases) assert.equal(router.templateOf(path), template, path);
    // Where a path matches a route, its template is that route's.
    for (const [path] of cases.filter(([, template]) => template !== undefined)) {
      const match = router.match('OPTIONS', path.replace('%zz', ''));
      assert.equal(match.kind, 'options', path);
    }
  });
});
