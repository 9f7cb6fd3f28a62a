/**
 * HAL-FORMS, as a room (api.md, Forms): another representation of the collection and of a book,
 * for a client whose Accept asks for it, with the forms to add, edit and delete a book.
 */
import type { Book } from '../../core/book.ts';
import { defineRoom } from '../../core/rooms.ts';
import { HAL_FORMS_TYPE, prefersHalForms } from './negotiate.ts';
import { bookTemplates, collectionTemplates } from './templates.ts';

export const forms = defineRoom({
  name: 'forms',
  plug: () => ({
    representation: {
      paths: ['/books', '/books/{isbn}'],
      type: HAL_FORMS_TYPE,
      chosen: prefersHalForms,
      // The forms come after everything HAL has.
      book: (body, base) => ({ ...body, _templates: bookTemplates(body as Book, base) }),
      collection: (base) => ({ _templates: collectionTemplates(base) }),
    },
  }),
});
