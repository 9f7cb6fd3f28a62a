/**
 * The book form follows the service's HAL-FORMS template (api.md, Forms): a field the template
 * adds shows with its label, limits and required mark, with no change to the page, and a field the
 * template types `number` is sent as a JSON number. The collection's page that the explorer reads
 * at its start is changed on its way to the page (Fetch.fulfillRequest), to what the service
 * serves for a table of fields with one more row. The sort choices still come from /openapi.json.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeWhen } from '../../../helpers/skip.ts';
import { collectionTemplates } from '../../../../src/rooms/forms/templates.ts';
import { serviceDocument } from '../../openapi/service-document.ts';
import { findChromium } from '../../../helpers/chromium.ts';
import { explorerTabs, fill, recordRequests, submit } from '../../../helpers/explorer.ts';
import { WITH_YEAR } from '../../../helpers/year.ts';

const chromium = findChromium();

describeWhen(chromium !== undefined, 'the book form, drawn from HAL-FORMS', 'Chromium is not installed (apt-get install chromium)', () => {
  const tabs = explorerTabs(chromium as string);

  /** The explorer at `address`, served `body` for the requests `pattern` matches; every request it makes is recorded. */
  async function showWith(pattern: string, body: unknown, type: string, address: string) {
    const served = Buffer.from(JSON.stringify(body)).toString('base64');
    const recorder = recordRequests();
    const page = await tabs.show(address, {
      prepare: async (tab) => {
        await recorder.prepare(tab);
        tab.on('Fetch.requestPaused', (params) => {
          void tab.send('Fetch.fulfillRequest', {
            requestId: params.requestId,
            responseCode: 200,
            responseHeaders: [{ name: 'Content-Type', value: type }],
            body: served,
          });
        });
        await tab.send('Fetch.enable', { patterns: [{ urlPattern: pattern }] });
      },
    });
    return { page, recorder };
  }

  it('shows a field the template adds, and sends a number field as a JSON number', async () => {
    const server = await tabs.serve({});
    const page0 = { _embedded: { bookDTOList: [] }, _links: {}, _templates: collectionTemplates(server.base, WITH_YEAR) };
    const { page, recorder } = await showWith('*/books?page=0&size=1', page0, 'application/prs.hal-forms+json', `${server.base}/explorer`);
    assert.deepEqual(
      await page.evaluate(`(() => {
      const year = document.getElementById('field-year');
      return [year.labels[0].textContent, year.type, year.required];
    })()`),
      ['Year', 'number', false],
    );

    await fill(page, 'isbn', '9-9-9');
    await fill(page, 'title', 'The Dispossessed');
    await fill(page, 'author', 'Ursula K. Le Guin');
    await fill(page, 'year', '1974');
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
    const post = recorder.seen.find((request) => request.method === 'POST');
    assert.deepEqual(JSON.parse(String(post?.postData)), {
      isbn: '9-9-9',
      title: 'The Dispossessed',
      author: 'Ursula K. Le Guin',
      year: 1974,
    });
  });

  it('offers the orders of a field the table of fields adds, as the OpenAPI builder documents it', async () => {
    const server = await tabs.serve({});
    const { page } = await showWith(
      '*/openapi.json',
      serviceDocument(WITH_YEAR),
      'application/json',
      `${server.base}/explorer#uri=${encodeURIComponent('/books?page=0&size=2')}`,
    );
    await page.waitFor(`document.getElementById('sort') !== null`, 'the sort choices');
    assert.deepEqual(await page.evaluate(`[...document.getElementById('sort').options].map((option) => option.text).slice(-2)`), [
      'Year 0–9',
      'Year 9–0',
    ]);
  });
});
