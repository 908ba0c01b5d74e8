/**
 * A Node thread helping rank on a second core (parallel-board.ts): it tallies its share of a
 * parquet file's row groups while rank's thread reads the others (lib/parquet-groups.ts), then runs
 * bootstrap rounds, the same jobs as the page's helper worker (core/stats/helper-jobs.ts).
 */
import { parentPort } from 'node:worker_threads';
import { helperJobs } from '../core/stats/helper-jobs.ts';
import type { HelperRequest } from '../core/stats/shared-bootstrap.ts';
import { answerGroups, type GroupsRequest } from './lib/parquet-groups.ts';

const port = parentPort;
if (!port) throw new Error('helper-thread runs as a worker thread');
const post = (message: unknown, transfer: ArrayBuffer[]) => port.postMessage(message, transfer);
const jobs = helperJobs(post);
port.on('message', (message: HelperRequest | GroupsRequest) => {
  if (message.type === 'count-groups') void answerGroups(message, post);
  else jobs(message);
});
