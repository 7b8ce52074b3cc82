import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build837 } from '../../edi/837/build837.ts';
import { fourLineClaim, OPTIONS, outpatientClaim, professionalClaim } from '../../edi/837/test/fixtures837.ts';
import { imbalancesOf } from '../../edi/era/balance.ts';
import { readEra } from '../../edi/era/readEra.ts';
import { readX12 } from '../../edi/x12/readX12.ts';
import { localTransport } from '../../services/clearinghouse/localTransport.ts';
import { ClearinghouseSim } from './clearinghouseSim.ts';

const NOW = new Date('2026-03-20T14:05:00Z');

describe('the payer simulator as a clearinghouse', () => {
  let root: string;
  let folders: { claims: string; replies: string; done: string };
  let sim: ClearinghouseSim;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'clearinghouse-sim-'));
    folders = { claims: join(root, 'claims'), replies: join(root, 'replies'), done: join(root, 'done') };
    sim = new ClearinghouseSim({
      open: localTransport,
      claimsFolder: folders.claims,
      repliesFolder: folders.replies,
      doneFolder: folders.done,
      remitAfterSeconds: 0,
      now: () => NOW,
      firstControlNumber: 7000,
    });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const put = async (name: string, text: string) => {
    const folder = await localTransport();
    await folder.upload(folders.claims, name, text);
  };
  const reply = (kind: string) => {
    const name = readdirSync(folders.replies).find((file) => file.endsWith(`_${kind}.x12`));
    if (!name) throw new Error(`No ${kind} was written.`);
    return readFileSync(join(folders.replies, name), 'utf8');
  };
  const segments = (text: string) =>
    text
      .split('~')
      .map((segment) => segment.trim())
      .filter(Boolean);
  /** A clean file: the reader finds no envelope problem, and ISA13/IEA02 and GS06/GE02 agree. */
  const expectWellFormed = (text: string, set: string, version: string) => {
    const file = readX12(text);
    expect(file.errors).toEqual([]);
    const [interchange] = file.interchanges;
    const [group] = interchange!.groups;
    expect(group!.version).toBe(version);
    expect(group!.transactions.every((transaction) => transaction.setID === set)).toBe(true);
    expect(interchange!.trailer?.element(2)).toBe(interchange!.controlNumber);
    expect(group!.trailer?.element(2)).toBe(group!.controlNumber);
    return interchange!;
  };

  it('answers an 837P with an accepting 999, a 277CA accepting each claim, and an 835 that balances', async () => {
    const batch = build837([fourLineClaim(), professionalClaim()], OPTIONS);
    await put('837P_A.x12', batch);
    const tick = await sim.tick();
    expect(tick.read).toEqual(['837P_A.x12']);
    expect(tick.wrote).toEqual(['000007000_999.x12', '000007001_277CA.x12', '000007002_835.x12']);
    expect(readdirSync(folders.claims)).toEqual([]);
    expect(readdirSync(folders.done)).toEqual(['837P_A.x12']);

    const ack = reply('999');
    const envelope = expectWellFormed(ack, '999', '005010X231A1');
    expect(envelope.controlNumber).toBe('000007000');
    // Addressed back to the submitter, acknowledging the 837's group and its transaction set.
    expect(envelope.receiver.id).toBe(readX12(batch).interchanges[0]!.sender.id);
    const gs06 = readX12(batch).interchanges[0]!.groups[0]!.controlNumber;
    expect(segments(ack).filter((segment) => /^(AK1|AK2|IK5|AK9)/.test(segment))).toEqual([
      `AK1*HC*${gs06}*005010X222A1`,
      'AK2*837*0001*005010X222A1',
      'IK5*A',
      'AK9*A*1*1*1',
    ]);

    const acknowledgement = reply('277CA');
    expectWellFormed(acknowledgement, '277', '005010X214');
    const claimLevel = segments(acknowledgement).filter((segment) => /^(TRN\*2|STC|QTY)/.test(segment));
    expect(claimLevel).toEqual([
      `TRN*2*${readX12(batch).interchanges[0]!.controlNumber}`,
      'STC*A1:19:PR*20260320*WQ*512.75',
      'QTY*90*2',
      'QTY*AA*0',
      'QTY*QA*2',
      'QTY*QC*0',
      'TRN*2*1001',
      'STC*A2:20:PR*20260320*WQ*472.75',
      'TRN*2*26463774',
      'STC*A2:20:PR*20260320*WQ*40',
    ]);

    const remittance = reply('835');
    expectWellFormed(remittance, '835', '005010X221A1');
    const era = readEra(remittance);
    expect(era.problems).toEqual([]);
    const [check] = era.checks;
    expect(imbalancesOf(check!)).toEqual([]);
    expect(check!.claims.map((claim) => [claim.claimID, claim.status])).toEqual([
      ['1001', '1'],
      ['26463774', '1'],
    ]);
    const reasons = check!.claims.flatMap((claim) =>
      claim.lines.flatMap((line) => line.adjustments.map((adjustment) => `${adjustment.group}-${adjustment.reason}`)),
    );
    expect(reasons).toContain('CO-45');
    expect(reasons.some((reason) => /^PR-[123]$/.test(reason))).toBe(true);
  });

  it('rejects a file whose envelope does not add up in its 999, and sends nothing else for it', async () => {
    const batch = build837([professionalClaim()], OPTIONS);
    const wrongCount = batch.replace(/SE\*(\d+)\*0001/, (_all, count: string) => `SE*${Number(count) + 3}*0001`);
    await put('837P_BAD.x12', wrongCount);
    const tick = await sim.tick();
    expect(tick.wrote).toEqual(['000007000_999.x12']);
    const ack = reply('999');
    expectWellFormed(ack, '999', '005010X231A1');
    expect(segments(ack).filter((segment) => /^(IK5|AK9)/.test(segment))).toEqual(['IK5*R*4', 'AK9*R*1*1*0']);
  });

  it('rejects in its 277CA a claim without a subscriber ID, with the claim status category and code, and pays only the others', async () => {
    const batch = build837([professionalClaim({ claimID: 501 }), professionalClaim({ claimID: 502 })], OPTIONS);
    // The second claim's subscriber (NM1*IL) without its member ID.
    let seen = 0;
    const broken = batch.replace(/NM1\*IL\*1\*([^~]*?)\*MI\*[^~]*/g, (all, names: string) => {
      seen += 1;
      return seen === 2 ? `NM1*IL*1*${names}` : all;
    });
    expect(seen).toBe(2);
    await put('837P_MISSING.x12', broken);
    await sim.tick();
    const acknowledgement = segments(reply('277CA'));
    const stc = (claimID: string) => acknowledgement[acknowledgement.indexOf(`TRN*2*${claimID}`) + 1];
    expect(stc('501')).toBe('STC*A2:20:PR*20260320*WQ*40');
    expect(stc('502')).toBe('STC*A7:164:IL*20260320*U*40');
    expect(acknowledgement).toContain('QTY*AA*1');
    const era = readEra(reply('835'));
    expect(era.checks[0]!.claims.map((claim) => claim.claimID)).toEqual(['501']);
  });

  it('denies a claim ending in 7 with CO-50, and reverses a paid claim ending in 0 in the next remittance', async () => {
    await put(
      '837P_1.x12',
      build837([professionalClaim({ claimID: 17 }), professionalClaim({ claimID: 10 })], OPTIONS),
    );
    await sim.tick();
    const first = readEra(reply('835')).checks[0]!;
    const denied = first.claims.find((claim) => claim.claimID === '17')!;
    expect(denied.status).toBe('4');
    expect(denied.paidCents).toBe(0);
    expect(denied.lines[0]!.adjustments.map((adjustment) => `${adjustment.group}-${adjustment.reason}`)).toEqual([
      'CO-50',
    ]);
    rmSync(folders.replies, { recursive: true });

    await put(
      '837P_2.x12',
      build837([professionalClaim({ claimID: 21 })], { ...OPTIONS, interchangeControlNumber: 908 }),
    );
    await sim.tick();
    const second = readEra(reply('835')).checks[0]!;
    expect(imbalancesOf(second)).toEqual([]);
    expect(second.claims.map((claim) => [claim.claimID, claim.status])).toEqual([
      ['10', '22'],
      ['10', '1'],
      ['21', '1'],
    ]);
    const [reversal, correction] = second.claims;
    expect(reversal!.paidCents).toBe(-first.claims.find((claim) => claim.claimID === '10')!.paidCents);
    expect(correction!.paidCents).toBeLessThan(-reversal!.paidCents);
    expect(second.totalCents).toBeGreaterThan(0);
  });

  it('answers an 837I the same way', async () => {
    await put('837I_A.x12', build837([outpatientClaim()], OPTIONS));
    const tick = await sim.tick();
    expect(tick.wrote.map((name) => name.slice(10))).toEqual(['999.x12', '277CA.x12', '835.x12']);
    expect(segments(reply('999'))).toContain('AK2*837*0001*005010X223A2');
    const era = readEra(reply('835'));
    expect(era.problems).toEqual([]);
    expect(imbalancesOf(era.checks[0]!)).toEqual([]);
    expect(era.checks[0]!.claims[0]!.lines.length).toBeGreaterThan(0);
  });

  it('reads a file once: a second pass finds nothing', async () => {
    writeFileSync(join(root, 'ignored'), '');
    await put('837P_A.x12', build837([professionalClaim()], OPTIONS));
    await sim.tick();
    expect(await sim.tick()).toEqual({ read: [], wrote: [] });
  });
});
