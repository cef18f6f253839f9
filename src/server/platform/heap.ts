import v8 from 'node:v8';

// Under load the server allocates quickly (result pages, step 1 facts, database replies that cross
// threads) and nearly all of it dies young or within a request. V8's own growth rule lets the heap
// reach 2–4× what survives a full collection before it collects again; on a 100k-row run with 50
// readers that was ~300 MB of heap for ~90 MB alive, and the process peaked at ~690 MB. A fixed factor
// of 1.4 kept the peak at ~470 MB with no measurable cost in run time (bench/README.md).
// V8 reads the flag whenever it sets the next collection's limit, so setting it at start is enough,
// for this thread and the embedded database's.
export function setHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
