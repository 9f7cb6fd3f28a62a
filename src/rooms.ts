/**
 * The rooms of the service, one a line, in the order they act: a room listed first wraps a
 * handler outermost and changes an answer first. Delete a line and the room's folder, and the
 * service is the same without it; delete every line, and it is the card's service alone.
 */
import type { Room } from './core/rooms.ts';
import { batch } from './rooms/batch/room.ts';
import { cors } from './rooms/cors/room.ts';
import { explorer } from './rooms/explorer/room.ts';
import { forms } from './rooms/forms/room.ts';
import { guards } from './rooms/guards/room.ts';
import { idempotency } from './rooms/idempotency/room.ts';
import { indexed } from './rooms/indexed/room.ts';
import { metrics } from './rooms/metrics/room.ts';
import { openapi } from './rooms/openapi/room.ts';
import { patch } from './rooms/patch/room.ts';
import { proxy } from './rooms/proxy/room.ts';
import { token } from './rooms/token/room.ts';

export const ROOMS: readonly Room[] = [indexed, proxy, token, guards, cors, idempotency, forms, patch, batch, metrics, openapi, explorer];
