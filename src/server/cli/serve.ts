// The server alone, without building the client: what npm run dev reloads.
import { main } from '../main.js';

await main();
