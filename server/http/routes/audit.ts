import type { FastifyInstance } from 'fastify';

/** The admin audit log: recording admin market calls and reading them (issue 8). SCAFFOLD. */
export function auditRoutes(_app: FastifyInstance) {}
