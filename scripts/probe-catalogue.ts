/**
 * Probes a running server from outside for every row of the API catalogue (`npm run probe`, or
 * `npm run probe -- http://host:port`): each call is asked once without a session, as a stranger
 * would. A call is served when the server knows its path (anything but the 404 of an unknown
 * path); every call that needs a session must answer 401 and nothing else. Prints one JSON line of
 * figures and the calls that fail; exits 1 when any does.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENDPOINTS } from '../contract/endpoints.ts';

const base = (process.argv[2] ?? process.env.PROBE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const catalogueFile = resolve(import.meta.dirname, '../contract/api-catalogue.tsv');

interface Row {
  controller: string;
  method: string;
  name: string;
}

/** The catalogue's calls, once each (a row written twice counts once; "(variants)" rows name no call). */
function catalogueRows(): Row[] {
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const line of readFileSync(catalogueFile, 'utf8').trim().split('\n').slice(1)) {
    const [controller = '', method = '', name = ''] = line.split('\t');
    const key = `${method} ${controller}/${name}`;
    if (name === '(variants)' || seen.has(key)) continue;
    seen.add(key);
    rows.push({ controller, method, name });
  }
  return rows;
}

const publicPaths = new Set(
  ENDPOINTS.filter((call) => call.access === 'public').map((call) => `${call.method} ${call.path}`),
);

const rows = catalogueRows();
const unserved: string[] = [];
const notRefused: string[] = [];
let refused = 0;
for (const row of rows) {
  const path = `/${row.controller}/${row.name}`;
  const reply = await fetch(`${base}/api${path}`, { method: row.method, redirect: 'manual' });
  await reply.arrayBuffer();
  const known = reply.status !== 404;
  if (!known) unserved.push(`${row.method} ${path}`);
  else if (publicPaths.has(`${row.method} ${path}`)) continue;
  else if (reply.status === 401) refused += 1;
  else notRefused.push(`${row.method} ${path} answered ${reply.status}`);
}

console.log(
  JSON.stringify({
    probe: 'catalogue',
    base,
    calls: rows.length,
    served: rows.length - unserved.length,
    public: rows.filter((row) => publicPaths.has(`${row.method} /${row.controller}/${row.name}`)).length,
    refusedWithoutSession: refused,
  }),
);
for (const line of unserved) console.log(`not served: ${line}`);
for (const line of notRefused) console.log(`served without a session: ${line}`);
process.exitCode = unserved.length + notRefused.length > 0 ? 1 : 0;
