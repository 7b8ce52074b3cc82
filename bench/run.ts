import { benchClaimsList } from './claimsList.ts';

// Figures, not verdicts: every benchmark prints JSON lines and none fails on time.
const claims = Number(process.env.BENCH_CLAIMS ?? 20_000);
await benchClaimsList('pglite', claims);
await benchClaimsList('postgres', claims);
