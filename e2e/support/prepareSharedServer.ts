/**
 * Runs before the shared test server (playwright.config.ts, webServer): seeds the demo template
 * once for the whole run, then gives the shared server its own copy in its data folder (DATA_DIR).
 */
import { resolve } from 'node:path';
import { copyDemoTemplate, REPO_ROOT, seedDemoTemplate } from './demoTemplate.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the shared test server’s data folder.');
await seedDemoTemplate();
if (!(await copyDemoTemplate(resolve(REPO_ROOT, dataDir))))
  throw new Error('The demo template was not there to copy right after seeding it.');
