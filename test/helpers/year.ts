/**
 * The table of fields with one more row, as a later version of the service might have it: an
 * optional integer `year` from 0 to 2100 that books can be sorted by. Tests pass it to the real
 * modules to show that a field added to the table reaches every one of them.
 */
import { FIELDS, type FieldTable, type IntegerField } from '../../src/core/fields.ts';

export const YEAR: IntegerField = {
  name: 'year',
  type: 'integer',
  label: 'Year',
  description: 'The year of publication.',
  required: false,
  minimum: 0,
  maximum: 2100,
};

export const WITH_YEAR: FieldTable = { ...FIELDS, rows: [...FIELDS.rows, YEAR], sorts: [...FIELDS.sorts, { key: 'year', by: ['year'] }] };
