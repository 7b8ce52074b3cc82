import { DEMO_TOTP_SECRET } from '../seed/demo-user.ts';
import { totpCode } from './totp.ts';

// `npm run totp [secret]`: the current code, for the demo user unless another secret is given.
const secret = process.argv[2] ?? DEMO_TOTP_SECRET;
const remaining = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totpCode(secret, Date.now())}  (valid for ${remaining} more seconds)`);
