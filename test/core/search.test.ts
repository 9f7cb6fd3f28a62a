/** The suite of test/helpers/suites/search.ts, on the core alone (its map store). */
import { startServer } from '../helpers/server.ts';
import { searchSuite } from '../helpers/suites/search.ts';

searchSuite('the core alone', (env) => startServer(env));
