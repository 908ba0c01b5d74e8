/**
 * A Node thread running bootstrap rounds for the command line's board (parallel-board.ts): the
 * same jobs as the page's helper worker (core/stats/helper-jobs.ts).
 */
import { parentPort } from 'node:worker_threads';
import { helperJobs } from '../core/stats/helper-jobs.ts';

const port = parentPort;
if (!port) throw new Error('helper-thread runs as a worker thread');
port.on(
  'message',
  helperJobs((message, transfer) => port.postMessage(message, transfer)),
);
