import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../services/auth/deps.ts';

/** The money and activity reports read off the ledger. */
export function moneyReportRoutes(app: FastifyInstance, deps: AuthDeps): void {
  void app;
  void deps;
}
