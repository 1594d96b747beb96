import path from 'node:path';
import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  SITE_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Classifieds <no-reply@localhost>'),
  TRUST_PROXY: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
});

export type TEnv = z.infer<typeof ZEnv> & { dataDir: string; siteUrl: string };

function parseEnv(): TEnv {
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    console.error(`Invalid environment variables:\n${lines.join('\n')}`);
    throw new Error('Invalid environment variables');
  }
  const e = parsed.data;
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}

let cached: TEnv | undefined;

/** Parsed once, on first use; tests may call resetEnv() after changing process.env. */
export function env(): TEnv {
  cached ??= parseEnv();
  return cached;
}

export function resetEnv() {
  cached = undefined;
}
