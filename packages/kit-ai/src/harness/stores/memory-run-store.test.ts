import { describeRunStoreContract } from '../testing/run-store-contract.js';
import { MemoryRunStore } from './memory-run-store.js';

describeRunStoreContract('MemoryRunStore', async () => new MemoryRunStore());
