import 'fastify';
import type { Access } from '../../contract/endpoint';
import type { UserRow } from '../store/schema';
import type { AppContext } from './context';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: UserRow | undefined;
  }
  interface FastifyContextConfig {
    access?: Access;
    endpointId?: string;
  }
}
