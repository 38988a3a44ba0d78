/** Settings that lift the per-key and per-client rate limits: the benchmarks ask far more often than people do. */
export const UNLIMITED = {
  SEARCHES_PER_MINUTE_PER_CLIENT: '1000000',
  SEARCHES_PER_HOUR: '100000000',
  ASSISTANT_MESSAGES_PER_MINUTE_PER_CLIENT: '1000000',
  ASSISTANT_MESSAGES_PER_HOUR: '100000000',
} as const;
