/** Paging of the agent job list (Mintlify's later admin API): every job unless `take` is given. */
export const AGENT_JOB_PAGING = { maxTake: 100 } as const;
