import { randomUUID } from 'node:crypto';
import type { FieldError } from '../../contract/errors';
import type { ServiceInfo } from '../../contract/system/services';
import { ConflictError, DomainError, ValidationError } from '../domain/errors';
import type { Bus, Unsubscribe } from '../live/bus';

export interface CommandRequest {
  id: string;
  replyTo: string;
  service: string;
  command: string;
  args: Record<string, unknown>;
}

export interface CommandAnswer {
  result: unknown;
  service: ServiceInfo;
}

type Reply =
  | { id: string; ok: true; answer: CommandAnswer }
  | { id: string; ok: false; status: DomainError['status'] | 500; message: string; fieldErrors?: FieldError[] };

const DEFAULT_TIMEOUT_MS = 5_000;
const requestTopic = (processKey: string) => `cluster:service-commands:${processKey}`;
const replyTopic = (processKey: string) => `cluster:service-replies:${processKey}`;

/**
 * `send_service_command` for a service another process runs (issue 9): the request crosses the bus
 * (Redis pub/sub) to the owner's topic, the owner runs it as if asked directly and answers on the
 * asker's topic. The owner's refusals (404, 409, 422 with its field errors) come back as they were;
 * no answer within the timeout is a 409 naming the process.
 */
export function createCommandRelay(deps: {
  bus: Bus;
  processKey: string;
  /** Runs a command on a service of this process (the service manager's local command). */
  run(service: string, command: string, args: Record<string, unknown>): Promise<CommandAnswer>;
  timeoutMs?: number;
}) {
  const { bus, processKey } = deps;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const waiting = new Map<string, (reply: Reply) => void>();
  const unsubscribes: Unsubscribe[] = [];

  const answer = async (request: CommandRequest) => {
    let reply: Reply;
    try {
      reply = { id: request.id, ok: true, answer: await deps.run(request.service, request.command, request.args) };
    } catch (error) {
      reply =
        error instanceof DomainError
          ? { id: request.id, ok: false, status: error.status, message: error.message, ...(error instanceof ValidationError ? { fieldErrors: error.fieldErrors } : {}) }
          : { id: request.id, ok: false, status: 500, message: error instanceof Error ? error.message : String(error) };
    }
    await bus.publish(request.replyTo, reply);
  };

  const fromReply = (reply: Extract<Reply, { ok: false }>, service: string): Error => {
    if (reply.status === 422 && reply.fieldErrors) return new ValidationError(reply.fieldErrors);
    if (reply.status === 500) return new ConflictError(`${service} failed to run the command: ${reply.message}`);
    return new DomainError(reply.status, reply.message);
  };

  return {
    async start() {
      unsubscribes.push(await bus.subscribe(requestTopic(processKey), (message) => answer(message as CommandRequest)));
      unsubscribes.push(
        await bus.subscribe(replyTopic(processKey), (message) => {
          const reply = message as Reply;
          waiting.get(reply.id)?.(reply);
        }),
      );
    },

    stop() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    },

    /** Sends a command to the process `owner` (its key) and waits for its answer. */
    async send(owner: { key: string; host: string; pid: number }, service: string, command: string, args: Record<string, unknown>): Promise<CommandAnswer> {
      const id = randomUUID();
      const reply = await new Promise<Reply | undefined>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(undefined);
        }, timeoutMs);
        waiting.set(id, (r) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(r);
        });
        const request: CommandRequest = { id, replyTo: replyTopic(processKey), service, command, args };
        bus.publish(requestTopic(owner.key), request).catch((error: unknown) => {
          clearTimeout(timer);
          waiting.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      });
      if (!reply) {
        throw new ConflictError(`${service} runs in process ${owner.pid} on ${owner.host}, which did not answer within ${timeoutMs / 1000} s; try again`);
      }
      if (!reply.ok) throw fromReply(reply, service);
      return reply.answer;
    },
  };
}

export type CommandRelay = ReturnType<typeof createCommandRelay>;
