import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * The schema owner's connection for migrations, reference data and the demo; with it the server
   * itself connects with DATABASE_URL as a role that may only append to the audit trail and the ledger.
   */
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'MIGRATION_DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Seals the authenticator secrets: 64 hex characters; generated into DATA_DIR for the embedded database. */
  TOTP_KEY: z.string().min(1).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Billing Console <no-reply@billing-console.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  SEED_CLAIMS: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  /**
   * Which proxies' X-Forwarded-For to believe, so the audited address is the client's: unset or
   * `false` none, `true` any (only behind a proxy that overwrites the header), else the proxies'
   * addresses or CIDRs separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value): boolean | string => {
      const text = value?.trim() ?? '';
      if (text === '' || text === '0' || text === 'false') return false;
      if (text === 'true') return true;
      return text;
    }),
  /** Bulk runs: seconds a run's lease holds without a chunk renewing it (another process takes over after). */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** Bulk runs: seconds between looks for runs no process holds. */
  JOB_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** Bulk runs: claims per chunk (one transaction each), and a pause between chunks in ms. */
  BULK_CHUNK_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  BULK_CHUNK_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The public NPI registry's API, on by default; `off` (or empty) switches the look-up off. */
  NPPES_URL: z
    .string()
    .default('https://npiregistry.cms.hhs.gov/api/')
    .transform((value) => (value.trim() === '' || value.trim() === 'off' ? null : value.trim()))
    .pipe(z.string().url('NPPES_URL must be a URL, or off').nullable()),
  /** An address service answering { valid, address?, message? } (docs/decisions); unset: offline rules only. */
  ADDRESS_SERVICE_URL: z.string().url().optional(),
  /** Wipes DATA_DIR before start: for throw-away browser-test servers only. */
  RESET_DATA_DIR: flag,
  /** Loads the demo data on PostgreSQL too (it is always loaded on an empty embedded database). */
  DEMO: flag,
  /** A clearinghouse's real-time eligibility address; without it eligibility checks go to the payer simulator. */
  ELIGIBILITY_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A payer simulator already running elsewhere: none is started beside the server then. */
  PAYER_SIM_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The payer simulator started beside the server when no clearinghouse is set: `off` starts none. */
  PAYER_SIM: z
    .enum(['on', 'off', ''])
    .optional()
    .transform((value) => value !== 'off'),
  /** Its port on 127.0.0.1; 0 takes a free one (parallel test servers). */
  PAYER_SIM_PORT: z.coerce.number().int().min(0).max(65_535).default(8095),
  /**
   * The demo's clearinghouse: the payer simulator answering 837s in folders under DATA_DIR
   * (clearinghouse/), started with the demo unless `off` or the payer simulator is off.
   */
  DEMO_CLEARINGHOUSE: z
    .enum(['on', 'off', ''])
    .optional()
    .transform((value) => value !== 'off'),
  /** Seconds between the demo clearinghouse's 277CA and its 835. */
  PAYER_SIM_REMIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Seconds between the server's looks for clearinghouse connections due a collection (each has its own poll interval). */
  CLEARINGHOUSE_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * The MLLP listener for HL7 v2 messages from EHR interfaces (ADT^A04/A08, DFT^P03): off unless a
   * port is given (2575 is HL7's registered port; 0 takes a free one). MLLP is plain TCP: listen on
   * 127.0.0.1 (the default) behind a VPN or TLS tunnel, never on an open network.
   */
  HL7_MLLP_PORT: z
    .union(
      [z.enum(['off', '']), z.coerce.number().int().min(0).max(65_535)],
      'HL7_MLLP_PORT is a port (0 to 65535) or off',
    )
    .optional()
    .transform((value) => (value === undefined || value === 'off' || value === '' ? null : value)),
  HL7_MLLP_HOST: z.string().min(1).default('127.0.0.1'),
});

export type Config = z.infer<typeof configSchema>;

/** Reads and validates the environment once, at start; a bad value stops the process with a clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, DEMO: parsed.data.DEMO || argv.includes('--demo') };
}

/** Whether the server starts its own payer simulator: no clearinghouse, no simulator elsewhere, not switched off. */
export function startsPayerSim(config: Pick<Config, 'ELIGIBILITY_URL' | 'PAYER_SIM_URL' | 'PAYER_SIM'>): boolean {
  return config.PAYER_SIM && config.ELIGIBILITY_URL === undefined && config.PAYER_SIM_URL === undefined;
}
