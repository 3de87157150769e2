import { parentPort, workerData } from 'node:worker_threads';
import { runKernel, type KernelJob, type WorkerMessage } from './kernelJob';

/** Worker-thread entry: runs one backtest kernel and posts its progress and outcome. */
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

runKernel(workerData as KernelJob, { onProgress: (done, total) => post({ type: 'progress', done, total }) }).then(
  (outcome) => post({ type: 'done', outcome }),
  (error: unknown) => {
    const err = error instanceof Error ? error : new Error(String(error));
    post({ type: 'error', name: err.name, message: err.message });
  },
);
