/** api.md, Forms: a HAL-FORMS client (Ketting) adds, edits and deletes a book through the templates alone. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { installKetting, runKetting } from '../../helpers/ketting.ts';
import { describeWhen } from '../../helpers/skip.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ROOMS } from '../../../src/rooms.ts';

const missing = installKetting();

describeWhen(missing === undefined, 'Ketting uses the forms', missing ?? '', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({}, { rooms: ROOMS });
  });
  after(() => server.close());

  it('reads Add from the collection, Edit (with the values) and Delete from the book, and submits each', async () => {
    const seen = await runKetting(
      server.base,
      `const client = new Client(base + '/');
const list = await (await client.go().follow('books')).get();
const add = list.action('default');
const seen = { add: [add.title, add.method, add.fields.map((field) => [field.name, field.required, field.label])] };
await add.submit({ isbn: 'k-1', title: 'Ketting', author: 'Evert Pot' });
const book = client.go(base + '/books/k-1');
let state = await book.get();
const edit = state.action('default');
seen.edit = [edit.title, edit.method, Object.fromEntries(edit.fields.filter((field) => field.value !== undefined).map((field) => [field.name, field.value]))];
await edit.submit({ ...seen.edit[2], title: 'Ketting, edited' });
state = await book.refresh();
seen.edited = state.data.title;
await state.action('delete').submit({});
seen.after = (await fetch(base + '/books/k-1')).status;
console.log(JSON.stringify(seen));`,
    );
    assert.deepEqual(seen, {
      add: [
        'Add a book',
        'POST',
        [
          ['isbn', true, 'ISBN'],
          ['title', true, 'Title'],
          ['author', false, 'Author, or both First name and Last name'],
          ['authorFirstName', false, 'First name'],
          ['authorLastName', false, 'Last name'],
        ],
      ],
      edit: [
        'Edit the book',
        'PUT',
        { isbn: 'k-1', title: 'Ketting', author: 'Evert Pot', authorFirstName: 'Evert', authorLastName: 'Pot' },
      ],
      edited: 'Ketting, edited',
      after: 404,
    });
  });
});
