/** The suite of test/helpers/suites/bounded-cost.ts, with the indexed store. */
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { startServer } from '../../helpers/server.ts';
import { boundedCostSuite } from '../../helpers/suites/bounded-cost.ts';

boundedCostSuite('with STORE=indexed', (env) => startServer(env, { rooms: [indexed] }));
