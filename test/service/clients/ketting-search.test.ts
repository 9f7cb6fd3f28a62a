/** api.md, Listing, rule 14: a HAL client (Ketting) fills in the root's templated `search` link and follows what it finds. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { installKetting, runKetting } from '../../helpers/ketting.ts';
import { describeWhen } from '../../helpers/skip.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ROOMS } from '../../../src/rooms.ts';

const missing = installKetting();

describeWhen(missing === undefined, 'Ketting follows the search template', missing ?? '', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({}, { rooms: ROOMS });
  });
  after(() => server.close());

  it('expands {?title,author,q,page,size,sort} from the root, then follows an embedded book', async () => {
    const seen = await runKetting(
      server.base,
      `const search = await new Client(base + '/').go().follow('search', { author: 'tolkien', q: 'lord rings', size: 5 });
const state = await search.get();
const book = await (await search.follow('bookDTOList')).get();
console.log(JSON.stringify({ uri: search.uri, page: state.data.page, self: state.links.get('self').href, book: book.data.title }));`,
    );
    assert.deepEqual(seen, {
      uri: `${server.base}/books?author=tolkien&q=lord%20rings&size=5`,
      page: { size: 5, totalElements: 1, totalPages: 1, number: 0 },
      self: `${server.base}/books?title=&author=tolkien&q=lord%20rings&page=0&size=5`,
      book: 'The Lord of the Rings',
    });
  });

  it('leaves out what it is not given, and pages with sort', async () => {
    const seen = await runKetting(
      server.base,
      `const search = await new Client(base + '/').go().follow('search', { q: 'o', sort: 'title,desc', page: 1, size: 1 });
const state = await search.get();
console.log(JSON.stringify({ uri: search.uri, next: state.links.get('next').href, titles: state.getEmbedded().map((book) => book.data.title) }));`,
    );
    assert.deepEqual(seen, {
      uri: `${server.base}/books?q=o&page=1&size=1&sort=title%2Cdesc`,
      next: `${server.base}/books?title=&q=o&page=2&size=1&sort=title,desc`,
      titles: ['The Lord of the Rings'],
    });
  });
});
