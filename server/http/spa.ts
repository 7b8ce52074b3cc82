import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built browser app. Hashed assets are cached for good; every other path that is not
 * an API call gets index.html, so deep links and reloads land in the app's own router.
 */
export async function serveSpa(app: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(`${root}/index.html`)) {
    app.log.warn(`No built app in ${root}; run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'Not Found.' });
    }
    const path = request.url.split('?')[0]!;
    if (/\.[a-z0-9]+$/i.test(path) && existsSync(`${root}${path}`) && !path.includes('..')) {
      return reply.sendFile(path.slice(1));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
