/** The BookStore contract, run against the plain Map store of the core. */
import { MapBookStore } from '../../src/core/store.ts';
import { storeContract } from '../helpers/store-contract.ts';

storeContract('MapBookStore', (capacity) => new MapBookStore(capacity));
