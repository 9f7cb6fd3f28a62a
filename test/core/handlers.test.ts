/** The suite of test/helpers/suites/handlers.ts, on the core alone (its map store). */
import { startServer } from '../helpers/server.ts';
import { handlersSuite } from '../helpers/suites/handlers.ts';

handlersSuite('the core alone', (env) => startServer(env));
