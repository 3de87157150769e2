import { ConflictError } from '../errors';

/**
 * Periodic work on a schedule (Celery beat's part): each job runs every `everyMs` while the
 * scheduler is started, never overlapping itself. A job usually starts a task with
 * prevent_concurrent; a ConflictError (the previous run still going) just skips that round.
 */
export interface ScheduledJob {
  label: string;
  /** Read at start(); 0 or less disables the job. */
  everyMs: () => number;
  tick: () => Promise<void>;
}

export interface SchedulerDeps {
  log?: { warn(obj: object, msg: string): void };
  /**
   * Several processes (the shared queue): a round runs only where this resolves true, so each
   * period's round runs once across them. Without it every round runs here.
   */
  claim?: (label: string, everyMs: number) => Promise<boolean>;
}

export function createTaskScheduler(deps: SchedulerDeps = {}) {
  const jobs: ScheduledJob[] = [];
  const timers: NodeJS.Timeout[] = [];
  const busy = new Set<string>();

  const run = async (job: ScheduledJob) => {
    if (busy.has(job.label)) return;
    busy.add(job.label);
    try {
      if (deps.claim && !(await deps.claim(job.label, job.everyMs()))) return;
      await job.tick();
    } catch (err) {
      if (!(err instanceof ConflictError)) deps.log?.warn({ err, job: job.label }, 'a scheduled job failed');
    } finally {
      busy.delete(job.label);
    }
  };

  const scheduler = {
    every(job: ScheduledJob) {
      jobs.push(job);
      return scheduler;
    },
    get running() {
      return timers.length > 0;
    },
    start() {
      if (timers.length > 0) return;
      for (const job of jobs) {
        const everyMs = job.everyMs();
        if (!(everyMs > 0)) continue;
        const timer = setInterval(() => void run(job), everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    /** No new rounds; a round under way finishes on its own (the runner's stop ends its task). */
    stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
    /** Runs a job's round now (tests, a manual trigger). */
    runNow: (label: string) => {
      const job = jobs.find((j) => j.label === label);
      return job ? run(job) : Promise.resolve();
    },
  };
  return scheduler;
}

export type TaskScheduler = ReturnType<typeof createTaskScheduler>;
