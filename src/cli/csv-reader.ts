import { createReadStream } from 'node:fs';
import Papa from 'papaparse';

/**
 * Rows of a CSV file in chunks, with real back-pressure: papaparse's Node duplex stream keeps
 * parsing whatever the consumer does (the whole file ends up in memory), so we drive its chunk
 * callback and pause the parser while more than `highWater` chunks wait.
 */
export async function* readCsvChunks(path: string, highWater = 2): AsyncGenerator<string[][]> {
  const queue: string[][][] = [];
  let done = false;
  let failure: Error | null = null;
  let parser: Papa.Parser | null = null;
  let paused = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };

  Papa.parse<string[]>(createReadStream(path), {
    skipEmptyLines: 'greedy',
    chunk: (results, p) => {
      parser = p;
      queue.push(results.data);
      if (queue.length >= highWater && !paused) {
        paused = true;
        p.pause();
      }
      signal();
    },
    complete: () => {
      done = true;
      signal();
    },
    error: (err: Error) => {
      failure = err;
      signal();
    },
  });

  for (;;) {
    const next = queue.shift();
    if (next) {
      if (paused && queue.length < highWater) {
        paused = false;
        (parser as Papa.Parser | null)?.resume();
      }
      yield next;
      continue;
    }
    if (failure) throw failure;
    if (done) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
