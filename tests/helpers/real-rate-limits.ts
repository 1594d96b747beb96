import { forgetLimiters, resetRateLimits } from '../../api/middleware/rate-limit.ts';

/**
 * Runs `work` with the product's own rate limits (the test projects scale them up 1,000 times
 * so ordinary tests never meet them), every counter starting from zero; restores the scale after.
 */
export async function withRealRateLimits<T>(work: () => Promise<T>): Promise<T> {
  const scale = process.env.RATE_LIMIT_SCALE;
  process.env.RATE_LIMIT_SCALE = '1';
  forgetLimiters();
  await resetRateLimits();
  try {
    return await work();
  } finally {
    if (scale === undefined) delete process.env.RATE_LIMIT_SCALE;
    else process.env.RATE_LIMIT_SCALE = scale;
    forgetLimiters();
  }
}
