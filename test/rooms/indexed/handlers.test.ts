/** The suite of test/helpers/suites/handlers.ts, with the indexed store. */
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { startServer } from '../../helpers/server.ts';
import { handlersSuite } from '../../helpers/suites/handlers.ts';

handlersSuite('with STORE=indexed', (env) => startServer(env, { rooms: [indexed] }));
