import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../services/auth/deps.ts';

/** Month-end: the monthly summary and the month lock. */
export function monthEndRoutes(app: FastifyInstance, deps: AuthDeps): void {
  void app;
  void deps;
}
