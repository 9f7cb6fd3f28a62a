/** The suite of test/helpers/suites/problem.ts, with the indexed store. */
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { startServer } from '../../helpers/server.ts';
import { problemSuite } from '../../helpers/suites/problem.ts';

problemSuite('with STORE=indexed', (env) => startServer(env, { rooms: [indexed] }));
