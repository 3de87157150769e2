import { ConfigError, loadConfig } from './config';
import { startServer, type RunningServer } from './server';

/** `npm start` / `npm run serve`: one process serving the API, websockets and the built app. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  // Signals are handled from the start: a stop during start-up (migrations, seeding) still exits
  // cleanly once the server is up, instead of killing it half-way.
  const running: { server?: RunningServer } = {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // During start-up there is nothing to close yet: start-up finishes, then stops (below).
    if (!running.server) return;
    running.server.app.log.info({ signal }, 'shutting down');
    await running.server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const server = await startServer(config);
  running.server = server;
  server.app.log.info(`Bazaar Signal is serving ${server.url} (API docs at ${server.url}/api/docs)`);
  if (stopping) {
    await server.close();
    process.exit(0);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Bazaar Signal failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
