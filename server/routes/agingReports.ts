import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../services/auth/deps.ts';

/** The aging reports: aged trial balance, aging by insurance, provider and patient. */
export function agingReportRoutes(app: FastifyInstance, deps: AuthDeps): void {
  void app;
  void deps;
}
