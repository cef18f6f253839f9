/** Resolves after the event loop has had a turn (pending I/O callbacks: incoming requests). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
