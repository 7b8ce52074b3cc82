import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../services/auth/deps.ts';

/** The AR dashboard's widgets. */
export function arDashboardRoutes(app: FastifyInstance, deps: AuthDeps): void {
  void app;
  void deps;
}
