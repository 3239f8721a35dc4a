import { MemoryStore } from '../../src/sessions/memory-store.ts';
import { runStoreContract } from './store-contract.ts';

runStoreContract('MemoryStore', { newStore: () => new MemoryStore() });
