import { checkPostgres, PG_ADMIN_URL } from './postgres';

/** The PostgreSQL run must not pass by skipping: no server, no green. */
export default async function setup() {
  try {
    await checkPostgres();
  } catch (error) {
    throw new Error(
      `The server-postgres suite needs PostgreSQL at ${PG_ADMIN_URL} (set PG_TEST_URL to use another): ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
}
