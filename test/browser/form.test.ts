/**
 * The book form follows the served OpenAPI document: a field the document adds shows with its
 * label, limits and required mark, with no change to the page, and a field the document types
 * `integer` is sent as a JSON number. The document is changed on its way to the page
 * (Fetch.fulfillRequest), as a later version of the service would serve it: by hand, and as the
 * OpenAPI builder writes it for a table of fields with one more row.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeWhen } from '../helpers/skip.ts';
import { openApiDocument } from '../../src/openapi/document.ts';
import { findChromium } from '../helpers/chromium.ts';
import { explorerTabs, fill, recordRequests, submit } from '../helpers/explorer.ts';
import { WITH_YEAR } from '../helpers/year.ts';

const chromium = findChromium();

describeWhen(
  chromium !== undefined,
  'the book form, read from /openapi.json',
  'Chromium is not installed (apt-get install chromium)',
  () => {
    const tabs = explorerTabs(chromium as string);

    /** The explorer at `address`, served `doc` for /openapi.json; every request it makes is recorded. */
    async function showWith(doc: unknown, address: string) {
      const served = Buffer.from(JSON.stringify(doc)).toString('base64');
      const recorder = recordRequests();
      const page = await tabs.show(address, {
        prepare: async (tab) => {
          await recorder.prepare(tab);
          tab.on('Fetch.requestPaused', (params) => {
            void tab.send('Fetch.fulfillRequest', {
              requestId: params.requestId,
              responseCode: 200,
              responseHeaders: [{ name: 'Content-Type', value: 'application/json' }],
              body: served,
            });
          });
          await tab.send('Fetch.enable', { patterns: [{ urlPattern: '*/openapi.json' }] });
        },
      });
      return { page, recorder };
    }

    it('shows a field the document adds, and sends an integer field as a JSON number', async () => {
      const server = await tabs.serve({});
      const doc = (await (await fetch(`${server.base}/openapi.json`)).json()) as {
        components: { schemas: { BookInput: { properties: Record<string, unknown>; required: string[] } } };
      };
      const input = doc.components.schemas.BookInput;
      input.properties.year = {
        type: ['integer', 'null'],
        minimum: 1450,
        maximum: 2100,
        title: 'Year',
        description: 'The year of publication.',
      };
      input.required.push('year');
      const { page, recorder } = await showWith(doc, `${server.base}/explorer`);
      assert.deepEqual(
        await page.evaluate(`(() => {
      const year = document.getElementById('field-year');
      return [year.labels[0].textContent, year.type, year.min, year.max, year.required];
    })()`),
        ['Year *', 'number', '1450', '2100', true],
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

    it('offers a field the table of fields adds, as the OpenAPI builder documents it: in the form, and among the orders', async () => {
      const server = await tabs.serve({});
      const { page } = await showWith(
        openApiDocument(WITH_YEAR),
        `${server.base}/explorer#uri=${encodeURIComponent('/books?page=0&size=2')}`,
      );
      assert.deepEqual(
        await page.evaluate(`(() => {
      const year = document.getElementById('field-year');
      return [year.labels[0].textContent, year.type, year.min, year.max, year.required];
    })()`),
        ['Year', 'number', '0', '2100', false],
      );
      await page.waitFor(`document.getElementById('sort') !== null`, 'the sort choices');
      assert.deepEqual(await page.evaluate(`[...document.getElementById('sort').options].map((option) => option.text).slice(-2)`), [
        'Year 0–9',
        'Year 9–0',
      ]);
    });
  },
);
