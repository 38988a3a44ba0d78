/**
 * The parts of `parts`, read as fast as they come into a queue the caller takes them from at its own
 * pace. A tool loop so read makes its next model call as soon as its tools are done, not when the
 * caller (a client's stream, which waits for its writes to go out) next asks for a part. Parts come in
 * order, then the end or the failure that ended them. When the caller stops, `parts` is stopped too,
 * without waiting for the part it is reading (an abort signal ends that read).
 */
export async function* readAhead<T>(parts: AsyncGenerator<T>): AsyncGenerator<T> {
  const queue: T[] = [];
  let ended: { failure?: unknown } | undefined;
  let isStopped = false;
  let wake: (() => void) | undefined;
  const pump = async () => {
    try {
      for (let result = await parts.next(); !result.done && !isStopped; result = await parts.next()) {
        queue.push(result.value);
        wake?.();
      }
      ended = {};
    } catch (failure) {
      ended = { failure };
    }
    wake?.();
  };
  void pump();
  try {
    for (;;) {
      if (queue.length > 0) {
        yield queue.shift()!;
      } else if (ended) {
        if ('failure' in ended) throw ended.failure;
        return;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    }
  } finally {
    isStopped = true;
    if (!ended) parts.return(undefined).catch(() => undefined);
  }
}
