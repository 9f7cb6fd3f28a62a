/**
 * The built-in catalogue, in the order that clients of the original service rely on
 * (api.md, Start-up, rule 1): they read 4-5-6 and delete 1-2-3 and 7-8-9.
 */
import type { BookInput } from './book.ts';

export const FIXTURE: readonly BookInput[] = [
  { isbn: '1-2-3', title: 'Animal Farm', authorFirstName: 'George', authorLastName: 'Orwell' },
  { isbn: '4-5-6', title: 'The Lord of the Rings', authorFirstName: 'JRR', authorLastName: 'Tolkien' },
  { isbn: '7-8-9', title: 'To Kill a Mockingbird', authorFirstName: 'Harper', authorLastName: 'Lee' },
];
