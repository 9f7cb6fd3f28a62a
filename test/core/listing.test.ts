/** The suite of test/helpers/suites/listing.ts, on the core alone (its map store). */
import { startServer } from '../helpers/server.ts';
import { listingSuite } from '../helpers/suites/listing.ts';

listingSuite('the core alone', (env) => startServer(env));
