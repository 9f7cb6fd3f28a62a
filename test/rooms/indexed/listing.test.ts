/** The suite of test/helpers/suites/listing.ts, with the indexed store. */
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { startServer } from '../../helpers/server.ts';
import { listingSuite } from '../../helpers/suites/listing.ts';

listingSuite('with STORE=indexed', (env) => startServer(env, { rooms: [indexed] }));
