import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../services/auth/deps.ts';

/** The HL7 import (MLLP and uploaded files) and the HL7 and EDI import logs. */
export function importLogRoutes(app: FastifyInstance, deps: AuthDeps): void {
  void app;
  void deps;
}
