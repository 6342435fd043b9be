// npm run dev: the API (reloading through tsx watch) and Vite's dev server with the client.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/cli/serve.ts'], { stdio: 'inherit' });
const { createServer } = await import('vite');
const vite = await createServer({ server: { port: 5173 } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
