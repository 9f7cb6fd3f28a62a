/** The suite of test/helpers/suites/problem.ts, on the core alone (its map store). */
import { startServer } from '../helpers/server.ts';
import { problemSuite } from '../helpers/suites/problem.ts';

problemSuite('the core alone', (env) => startServer(env));
