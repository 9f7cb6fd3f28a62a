/** The router without sockets: strings stand in for handlers, and every answer is a value. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Router } from '../../src/core/router.ts';

const router = new Router([
  { method: 'GET', path: '/', handler: 'root' },
  { method: 'GET', path: '/books', handler: 'list' },
  { method: 'POST', path: '/books', handler: 'create' },
  { method: 'GET', path: '/books/{isbn}', handler: 'get' },
  { method: 'DELETE', path: '/books/{isbn}', handler: 'remove' },
]);

describe('Router', () => {
  it('matches method and path, answers HEAD with the GET handler, and names the template matched', () => {
    assert.deepEqual(router.match('GET', '/'), { kind: 'found', handler: 'root', params: {}, template: '/' });
    assert.deepEqual(router.match('POST', '/books'), { kind: 'found', handler: 'create', params: {}, template: '/books' });
    assert.deepEqual(router.match('HEAD', '/books'), { kind: 'found', handler: 'list', params: {}, template: '/books' });
    assert.deepEqual(router.match('DELETE', '/books/1-2-3'), {
      kind: 'found',
      handler: 'remove',
      params: { isbn: '1-2-3' },
      template: '/books/{isbn}',
    });
  });

  it('takes a segment as a parameter only when it is all `{name}`; anything else is literal', () => {
    const braces = new Router([
      { method: 'GET', path: '/x{y}', handler: 'before' },
      { method: 'GET', path: '/{y}x', handler: 'after' },
    ]);
    assert.deepEqual(braces.match('GET', '/x{y}'), { kind: 'found', handler: 'before', params: {}, template: '/x{y}' });
    assert.deepEqual(braces.match('GET', '/{y}x'), { kind: 'found', handler: 'after', params: {}, template: '/{y}x' });
    assert.deepEqual(braces.match('GET', '/xz'), { kind: 'not-found' });
    assert.deepEqual(braces.match('GET', '/zx'), { kind: 'not-found' });
  });

  it('percent-decodes a parameter as one segment', () => {
    const template = '/books/{isbn}';
    assert.deepEqual(router.match('GET', '/books/a%2Fb%3Fc%23d%20e%25'), {
      kind: 'found',
      handler: 'get',
      params: { isbn: 'a/b?c#d e%' },
      template,
    });
    assert.deepEqual(router.match('GET', '/books/%F0%9F%93%9A'), { kind: 'found', handler: 'get', params: { isbn: '📚' }, template });
  });

  it('answers OPTIONS and other methods on a known path with the allowed methods, and the template', () => {
    assert.deepEqual(router.match('OPTIONS', '/books'), { kind: 'options', allow: 'GET, HEAD, POST, OPTIONS', template: '/books' });
    assert.deepEqual(router.match('PUT', '/books/x'), {
      kind: 'method-not-allowed',
      allow: 'GET, HEAD, DELETE, OPTIONS',
      template: '/books/{isbn}',
    });
    assert.deepEqual(router.match('POST', '/'), { kind: 'method-not-allowed', allow: 'GET, HEAD, OPTIONS', template: '/' });
    assert.equal(router.allMethods, 'GET, HEAD, POST, DELETE, OPTIONS');
  });

  it('lists Allow in one order whatever order the routes came in, a method it does not know after the rest', () => {
    const scrambled = new Router(
      ['PURGE', 'DELETE', 'PATCH', 'GET', 'PUT', 'POST'].map((method) => ({ method, path: '/things/{id}', handler: method })),
    );
    const allow = 'GET, HEAD, POST, PUT, PATCH, DELETE, PURGE, OPTIONS';
    assert.deepEqual(scrambled.match('OPTIONS', '/things/1'), { kind: 'options', allow, template: '/things/{id}' });
    assert.deepEqual(scrambled.match('COPY', '/things/1'), { kind: 'method-not-allowed', allow, template: '/things/{id}' });
    assert.equal(scrambled.allMethods, allow);
  });

  it('does not match an empty segment, an extra segment or a trailing slash', () => {
    for (const path of ['/books/', '/books/a/b', '/books//', '//', '/book', '/books/x/', '/booksx/1', 'books/x', '*', '']) {
      assert.deepEqual(router.match('GET', path), { kind: 'not-found' }, path);
    }
  });

  it('returns a bad path, as a value, for a malformed escape anywhere in the path, whatever the method, at the route it fits', () => {
    const cases: [string, object][] = [
      ['/books/%', { kind: 'bad-path', template: '/books/{isbn}' }],
      ['/books/%g0', { kind: 'bad-path', template: '/books/{isbn}' }],
      ['/books/a%2Fb%zz', { kind: 'bad-path', template: '/books/{isbn}' }],
      ['/unknown/%ff', { kind: 'bad-path' }],
      ['/books%zz', { kind: 'bad-path' }],
    ];
    for (const [path, expected] of cases) {
      for (const method of ['GET', 'OPTIONS', 'PUT']) assert.deepEqual(router.match(method, path), expected, path);
    }
  });
});
