/** The suite of test/helpers/suites/editing.ts, with the indexed store. */
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { startServer } from '../../helpers/server.ts';
import { editingSuite } from '../../helpers/suites/editing.ts';

editingSuite('with STORE=indexed', (env) => startServer(env, { rooms: [indexed] }));
