import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A path ending in a static file's extension (`/assets/app-1a2b.js`) is a missing file, never a
 * page. Only file types a build emits count, so a route such as `/markets/us/BRK.B` stays a page.
 */
const STATIC_FILE = /\.(js|mjs|css|map|json|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|txt|webmanifest|wasm)$/i;
const looksLikeFile = (url: string) => STATIC_FILE.test(url.split('?')[0]!);

const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !request.url.startsWith('/api') &&
  !looksLikeFile(request.url) &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never, so a new build
 * is picked up at once. Any other browser path gets index.html and the client router takes it.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const built = existsSync(join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(staticDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    if (wantsHtml(request)) {
      if (built) return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      return reply.code(404).send({ detail: 'The web app is not built; run `npm run build`' });
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });
}
