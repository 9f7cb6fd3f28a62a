/** The suite of test/helpers/suites/editing.ts, on the core alone (its map store). */
import { startServer } from '../helpers/server.ts';
import { editingSuite } from '../helpers/suites/editing.ts';

editingSuite('the core alone', (env) => startServer(env));
