/** The few helpers every part of the OpenAPI document writes its JSON with. */

/** A JSON object, as the document is: plain data, serialised once. */
export type Json = { readonly [key: string]: unknown };

export const ref = (kind: 'schemas' | 'parameters' | 'headers' | 'responses', name: string): Json => ({
  $ref: `#/components/${kind}/${name}`,
});

/** An object schema whose properties are all required. */
export const object = (description: string, properties: Json): Json => ({
  type: 'object',
  description,
  required: Object.keys(properties),
  properties,
});
