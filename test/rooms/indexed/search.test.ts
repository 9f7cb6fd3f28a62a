/** The suite of test/helpers/suites/search.ts, with the indexed store. */
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { startServer } from '../../helpers/server.ts';
import { searchSuite } from '../../helpers/suites/search.ts';

searchSuite('with STORE=indexed', (env) => startServer(env, { rooms: [indexed] }));
