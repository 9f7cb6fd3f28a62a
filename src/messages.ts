/**
 * Every sentence the service answers with or stops on, written whole and never put together from a
 * field's name, so that a search for one finds it here (api.md, Errors). Only what varies (an isbn, a
 * limit, a path) is an argument. The status of each is chosen in http/problem.ts and outcomes.ts.
 */

/** What each field of a submitted book can get wrong (api.md, Validation); fields.ts points each row here. */
export const FIELD_MESSAGES = {
  isbn: {
    missing: 'isbn must be provided',
    notText: 'isbn must be a string',
    malformed: 'isbn must be well-formed Unicode text',
    tooLong: (max: number) => `isbn must be at most ${max} characters`,
    reserved: 'isbn must not be "." or ".."',
    slash: 'isbn must not contain / or \\',
    invisible: 'isbn must not contain invisible characters',
  },
  title: {
    missing: 'title must be provided',
    notText: 'title must be a string',
    malformed: 'title must be well-formed Unicode text',
    tooLong: (max: number) => `title must be at most ${max} characters`,
  },
  author: {
    notText: 'author must be a string',
    malformed: 'author must be well-formed Unicode text',
    tooLong: (max: number) => `author must be at most ${max} characters`,
  },
  authorFirstName: {
    notText: 'authorFirstName must be a string',
    malformed: 'authorFirstName must be well-formed Unicode text',
    tooLong: (max: number) => `authorFirstName must be at most ${max} characters`,
  },
  authorLastName: {
    notText: 'authorLastName must be a string',
    malformed: 'authorLastName must be well-formed Unicode text',
    tooLong: (max: number) => `authorLastName must be at most ${max} characters`,
  },
} as const;

/** The book rules' own sentences (api.md, Validation, Listing, Reading a book, Adding a book, Limits). */
export const BOOK_MESSAGES = {
  authorMissing: 'author must be provided',
  notFound: (isbn: string) => `Book cannot be found for ISBN: ${isbn}`,
  noBooks: 'No books found',
  /** `filters`: each filter given, as `[name, value]`, in the order title, author, q. */
  noBooksFor: (filters: readonly (readonly [string, string])[]) =>
    `No books found for ${filters.map(([name, value]) => `${name}: ${value}`).join(', ')}`,
  isbnTaken: (isbn: string) => `Book already exists for ISBN: ${isbn}`,
  sameTitleAndAuthor: (title: string, first: string, last: string) =>
    `Book already exists with title: ${title} and author: ${first} ${last}`,
  full: (capacity: number) => `The catalogue is full: it holds at most ${capacity} books (MAX_BOOKS)`,
  isbnMismatch: (isbn: string) => `isbn must match the path: ${isbn}`,
  changed: (etag: string) => `The book has changed since it was read: its ETag is now ${etag}`,
  absent: 'The book does not exist',
  textFull: (textCapacity: number, perBook: number) =>
    `The catalogue is full: its books hold at most ${textCapacity} characters of text in all (${perBook} a book of MAX_BOOKS)`,
} as const;

/** A bad query parameter of GET /books (api.md, Listing). */
export const PARAMETER_MESSAGES = {
  q: (max: number) => `q must hold at most ${max} words`,
  page: 'page must be a non-negative integer',
  size: (max: number) => `size must be an integer from 1 to ${max}`,
  sort: (keys: readonly string[]) => `sort must be one of ${keys.join(', ')}, optionally followed by ,asc or ,desc`,
} as const;

/** What a request can get wrong before any book rule is asked (api.md, Errors). */
export const REQUEST_MESSAGES = {
  notHttp1: 'The request line must name HTTP/1.0 or HTTP/1.1',
  notHttp: 'The request is not valid HTTP',
  tooSlow: 'The request took too long to arrive',
  headersTooLarge: 'Request headers are too large',
  unknownPath: (path: string) => `No resource at path: ${path}`,
  methodNotAllowed: (method: string, allow: string) => `Method ${method} is not allowed here; allowed: ${allow}`,
  malformedPathEscape: 'The path holds a malformed percent-encoding',
  malformedQueryEscape: 'The query holds a malformed percent-encoding',
  expectationFailed: 'The only expectation supported is Expect: 100-continue',
  unauthorized: 'This request needs the header Authorization: Bearer <token>, with the right token',
  unsupportedType: 'Content-Type must be application/json or another JSON type (type/subtype+json)',
  /** `types`: the two a PATCH accepts (http/merge-patch.ts). */
  unsupportedPatchType: (types: readonly string[]) => `Content-Type must be ${types.join(' or ')}`,
  encodedBody: 'Content-Encoding is not supported: send an unencoded application/json body',
  tooLarge: (limit: number) => `Request body must not exceed ${limit} bytes (${limit / 1024} KiB)`,
  bodyCutShort: 'The request body ended before it was complete',
  invalidJson: 'Request body is not valid JSON',
  notAnObject: 'Request body must be a JSON object',
  internal: 'The server could not complete the request; the error has been logged.',
} as const;

/** What is wrong with the Host header or the forwarded ones (api.md, The base URL). */
export const ORIGIN_MESSAGES = {
  manyHosts: 'The request has more than one Host header',
  noHost: 'The request has no Host header',
  hostNameTooLong: (max: number) => `Host is too long: a host name has at most ${max} characters`,
  hostPortTooLong: (max: number) => `Host is too long: a port has at most ${max} digits`,
  badHost: 'Host is not a valid host[:port]',
  userinfo: 'The request target must not hold user information (user@host)',
  forwardedHostNameTooLong: (max: number) => `The forwarded host is too long: a host name has at most ${max} characters`,
  forwardedHostPortTooLong: (max: number) => `The forwarded host is too long: a port has at most ${max} digits`,
  badForwardedHost: 'The forwarded host is not a valid host[:port]',
  badForwardedProto: 'The forwarded protocol must be http or https',
  forwardedPortTooLong: (max: number) => `X-Forwarded-Port is too long: a port has at most ${max} digits`,
  badForwardedPort: 'X-Forwarded-Port must be a port number from 1 to 65535',
  prefixTooLong: (max: number) => `X-Forwarded-Prefix is too long: a prefix has at most ${max} characters`,
  badPrefix: 'X-Forwarded-Prefix must be a path such as /api',
  /** `header` is X-Forwarded-Proto, -Host, -Port or -Prefix. */
  emptyLastItem: (header: string) => `${header} has an empty last value`,
  malformedForwarded: 'The Forwarded header is malformed',
  emptyForwarded: 'The Forwarded header has an empty last element',
} as const;

/**
 * A bad setting stops start-up with one of these, after `invalid configuration: ` (api.md,
 * Settings, rule 1). `setting` is the name of the variable (`PORT`), whichever way it was set.
 */
export const SETTING_MESSAGES = {
  unknownFlag: (arg: string, flags: readonly string[]) => `${arg} is not a known flag; the flags are ${flags.join(', ')}`,
  flagWithoutValue: (setting: string, flag: string) => `${setting} needs a value: ${flag} <value>`,
  notInteger: (setting: string, min: number, max: number, text: string) =>
    `${setting} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`,
  notBoolean: (setting: string, text: string) => `${setting} must be true or false, got ${JSON.stringify(text)}`,
  blankToken: 'API_TOKEN must not be blank; leave it unset to disable the token',
  // Never quotes the token: it is a secret.
  notToken68: 'API_TOKEN must be RFC 6750 token68 characters: letters, digits, - . _ ~ + /, then optional = padding',
  notLogLevel: (text: string, levels: readonly string[]) => `LOG_LEVEL must be one of ${levels.join(', ')}, got ${JSON.stringify(text)}`,
  notStore: (text: string, kinds: readonly string[]) => `STORE must be one of ${kinds.join(', ')}, got ${JSON.stringify(text)}`,
  notBaseUrl: (text: string) => `BASE_URL must be an absolute http or https URL without query or fragment, got ${JSON.stringify(text)}`,
  notOrigins: (item: string) =>
    `CORS_ORIGINS must be * or a comma-separated list of origins such as https://app.example.com (scheme, host and port only), got ${JSON.stringify(item)}`,
} as const;

/** Start-up stops on these, after `invalid configuration: ` (api.md, Start-up). */
export const SEED_MESSAGES = {
  belowSeed: (capacity: number, books: number) => `MAX_BOOKS (${capacity}) is below the ${books} books of the seed`,
  unreadable: (code: string, path: string) => `SEED_FILE cannot be read: ${code} (${path})`,
  notJson: (path: string) => `SEED_FILE is not valid JSON (${path})`,
  notArray: (path: string) => `SEED_FILE must hold a JSON array of books (${path})`,
  notObject: (index: number) => `SEED_FILE entry ${index} is not a JSON object`,
  /** `why` is the sentence a POST of the entry would answer with. */
  rejected: (index: number, why: string) => `SEED_FILE entry ${index}: ${why}`,
} as const;
