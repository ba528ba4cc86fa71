/** The longest delay a timer keeps: a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

export const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
