/// <reference lib="webworker" />
/**
 * The rating worker's helper on a second core: runs the bootstrap rounds it is handed for the
 * board the rating worker is computing (core/stats/helper-jobs.ts).
 */
import { helperJobs } from '../core/stats/helper-jobs.ts';
import type { HelperRequest } from '../core/stats/shared-bootstrap.ts';

const handle = helperJobs((message, transfer) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer));
self.onmessage = (event: MessageEvent<HelperRequest>) => handle(event.data);
