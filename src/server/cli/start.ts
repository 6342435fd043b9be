// npm start: build the client if it is missing or older than its sources, then run the server.
import { ensureClientBuilt } from './build-client.js';
import { main } from '../main.js';

await main(ensureClientBuilt);
