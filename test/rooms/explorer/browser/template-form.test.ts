/**
 * The explorer's form for a templated link (api.md, The explorer): the root's `search` template,
 * filled in field by field with real keys, opens the address it makes; a field left empty is left
 * out of it. The expansion itself is checked in the page against RFC 6570's examples of the forms
 * links use.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findChromium } from '../../../helpers/chromium.ts';
import { explorerTabs, text, viewMatchesAddress } from '../../../helpers/explorer.ts';
import { describeWhen } from '../../../helpers/skip.ts';

const chromium = findChromium();

describeWhen(chromium !== undefined, "the root's search, filled in", 'Chromium is not installed (apt-get install chromium)', () => {
  const tabs = explorerTabs(chromium as string);

  it("fills a template in as RFC 6570's examples of {var}, {?var,...} and {&var} say", async () => {
    const { page } = await tabs.open({}, '');
    const cases = [
      ['{var}', 'value'],
      ['{hello}', 'Hello%20World!'],
      ['map?{x,y}', 'map?1024,768'],
      ['{?x,y}', '?x=1024&y=768'],
      ['{?x,y,empty}', '?x=1024&y=768'],
      ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
      ['/books{?title,author,q,page,size,sort}', '/books'],
      ['{?hello}', '?hello=Hello%20World!'],
    ];
    const values = { var: 'value', hello: 'Hello World!', x: '1024', y: '768', empty: '' };
    const expanded = await page.evaluate<string[]>(
      `import('./explorer/template-form.js').then(({ expand }) => ${JSON.stringify(cases)}.map(([template]) => expand(template, ${JSON.stringify(values)})))`,
    );
    assert.deepEqual(
      expanded,
      cases.map(([, expected]) => expected),
    );
    const variables = await page.evaluate(
      `import('./explorer/template-form.js').then(({ variablesOf }) => variablesOf('/books{?title,author}{&page}'))`,
    );
    assert.deepEqual(variables, ['title', 'author', 'page']);
  });

  it('opens the address its fields make, leaving out the ones left empty', async () => {
    const { page } = await tabs.open({}, '');
    await page.evaluate(`document.querySelector('#links details summary').click()`);
    assert.equal(await page.evaluate(`document.querySelector('#links details').open`), true);
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#links details label')].map((label) => label.textContent)`), [
      'title',
      'author',
      'q',
      'page',
      'size',
      'sort',
    ]);
    for (const [name, typed] of [
      ['author', 'tolkien'],
      ['size', '5'],
    ]) {
      await page.evaluate(`document.querySelector('#links details input[name=${name}]').focus()`);
      await page.send('Input.insertText', { text: typed });
    }
    await page.evaluate(`document.querySelector('#links details button').click()`);
    await page.waitFor(viewMatchesAddress, 'the books of the filled-in search');
    assert.deepEqual(
      [await page.evaluate(text('view-heading')), await page.evaluate(text('request-line'))],
      ['Books matching “tolkien”, page 1 of 1', 'GET /books?author=tolkien&size=5'],
    );
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[0].textContent)`), [
      'The Lord of the Rings',
    ]);
  });
});
