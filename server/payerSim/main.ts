/** `npm run payer-sim`: the payer simulator on PAYER_SIM_PORT (8095 by default), 127.0.0.1 only. */
import { startPayerSim } from './server.ts';

const port = Number(process.env.PAYER_SIM_PORT ?? 8095);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`PAYER_SIM_PORT is not a port: ${process.env.PAYER_SIM_PORT}`);
const sim = await startPayerSim({ port });
process.stdout.write(`Payer simulator answering 270s at ${sim.url}\n`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
