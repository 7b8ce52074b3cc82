import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimNote, NoteChangedReply, NotesReply } from '../../../contract/claimNotes.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { createWorkQueueTestData, type WorkQueueTestData } from './workQueueTestData.ts';

describe.each(testEngines)('claim notes on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: WorkQueueTestData;
  let biller: SessionUser;
  let outsider: SessionUser;
  let claimID: number;
  let chargeIDs: number[];

  beforeAll(async () => {
    database = await engine.create();
    data = await createWorkQueueTestData(database.db, { lakesideClaims: 4, southClaims: 0 });
    claimID = data.lakeside.claimIds[0]!;
    const charges = await database.db.query<{ id: number }>(
      `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
       SELECT $1::bigint, n, '99213', 1, 5000, DATE '2026-01-02', DATE '2026-01-02', 'N' || $1::bigint || '-' || n, 5000 FROM generate_series(1, 2) AS n
       RETURNING charge_id AS id`,
      [claimID],
    );
    chargeIDs = charges.map((charge) => charge.id);
    test = await createTestApp(database.db);
    biller = await signIn(test, data.users.biller.email);
    outsider = await signIn(test, data.users.faraway.email);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (url: string, payload: Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: `/api/AddEditClaim/${url}`,
      headers: { ...bearer(session), 'x-action-source': 'hotkey' },
      payload,
    });
  const get = (url: string, query: Record<string, string>, session = biller) =>
    test.app.inject({ method: 'GET', url, headers: bearer(session), query });
  const notesOf = async (query: Record<string, string>) => {
    const reply = await get('/api/AddEditClaim/getNotesByLineItemID', query);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<NotesReply>().notes;
  };
  const addNote = async (payload: Record<string, unknown>) => {
    const reply = await post('saveSystemNotes', payload);
    expect(reply.statusCode, reply.body).toBe(200);
    test.clock.advanceMinutes(1);
    return reply.json<NoteChangedReply>().noteID;
  };
  const eventsOf = (id: number) =>
    database.db.query<{ action: string; source: string; detail: Record<string, unknown> }>(
      'SELECT action, source, detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [id],
    );
  const noteCount = async () => (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes'))[0]?.n;

  it('adds a note at once, on the claim or one of its lines, and reads it back by id', async () => {
    const onClaim = await addNote({ claimID, text: 'Claim sent to review.' });
    const onLine = await addNote({ claimID, chargeID: chargeIDs[1], noteTypeID: 2, text: 'Line 2 billed twice?' });

    const note = await get('/api/Claims/getNoteByID', { noteID: String(onLine) });
    expect(note.statusCode).toBe(200);
    expect(note.json<ClaimNote>()).toMatchObject({
      noteID: onLine,
      claimID,
      chargeID: chargeIDs[1],
      lineNumber: 2,
      noteTypeID: 2,
      noteType: 'Billing',
      text: 'Line 2 billed twice?',
      archived: false,
      createdBy: 'Bea Biller',
    });
    expect((await get('/api/Claims/getNoteByID', { noteID: String(onClaim) })).json<ClaimNote>()).toMatchObject({
      noteType: 'System',
      chargeID: null,
      lineNumber: null,
    });
    expect((await eventsOf(claimID)).map((event) => [event.action, event.source, event.detail])).toEqual([
      ['note.added', 'hotkey', { noteID: onClaim, noteTypeID: 6 }],
      ['note.added', 'hotkey', { noteID: onLine, noteTypeID: 2, chargeID: chargeIDs[1] }],
    ]);
  });

  it("lists the claim's notes and a line's notes newest first, and archives one out of the lists", async () => {
    const otherClaim = data.lakeside.claimIds[1]!;
    const first = await addNote({ claimID: otherClaim, text: 'First.' });
    const second = await addNote({ claimID: otherClaim, text: 'Second.' });
    expect((await notesOf({ claimID: String(otherClaim) })).map((note) => note.noteID)).toEqual([second, first]);
    const lineNotes = await notesOf({ chargeID: String(chargeIDs[1]) });
    expect(lineNotes.map((note) => note.text)).toEqual(['Line 2 billed twice?']);
    expect(await notesOf({ chargeID: String(chargeIDs[0]) })).toEqual([]);

    const archived = await post('archiveNotes', { noteID: first });
    expect(archived.json<NoteChangedReply>()).toEqual({
      message: 'Note archived.',
      noteID: first,
      claimID: otherClaim,
    });
    expect((await notesOf({ claimID: String(otherClaim) })).map((note) => note.noteID)).toEqual([second]);
    expect(
      (await notesOf({ claimID: String(otherClaim), includeArchived: 'true' })).map((note) => [
        note.noteID,
        note.archived,
      ]),
    ).toEqual([
      [second, false],
      [first, true],
    ]);
    const again = await post('archiveNotes', { noteID: first });
    expect(again.json<NoteChangedReply>().message).toBe('The note was already archived.');
    const events = await eventsOf(otherClaim);
    expect(events.filter((event) => event.action === 'note.archived').map((event) => event.detail)).toEqual([
      { noteID: first, noteTypeID: 6 },
    ]);
    const audits = await database.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'notes.archive' AND record_id = $1`,
      [String(first)],
    );
    expect(audits).toHaveLength(1);
  });

  it('refuses bad input and a void claim with a 400, and stores nothing', async () => {
    const before = await noteCount();
    const refused = async (payload: Record<string, unknown>) => {
      const reply = await post('saveSystemNotes', payload);
      expect(reply.statusCode, reply.body).toBe(400);
      return reply.json<{ message: string }>().message;
    };
    expect(await refused({ claimID, text: '  ' })).toContain('Type the note.');
    expect(await refused({ claimID, text: 'x', noteTypeID: 77 })).toBe('Choose a note type from the list.');
    const otherCharge = await database.db.query<{ id: number }>(
      `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
       VALUES ($1, 1, '99212', 1, 4000, DATE '2026-01-03', DATE '2026-01-03', 'OTHER-1', 4000) RETURNING charge_id AS id`,
      [data.lakeside.claimIds[2]],
    );
    expect(await refused({ claimID, chargeID: otherCharge[0]!.id, text: 'x' })).toBe(
      `That charge line is not on claim ${claimID}.`,
    );
    const voided = data.lakeside.claimIds[3]!;
    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [voided, CLAIM_STATUS.void]);
    expect(await refused({ claimID: voided, text: 'x' })).toBe(`Claim ${voided} is void: it takes no new notes.`);
    expect((await post('archiveNotes', { noteID: -1 })).statusCode).toBe(400);
    expect(
      (
        await get('/api/AddEditClaim/getNotesByLineItemID', {
          claimID: String(claimID),
          chargeID: String(chargeIDs[0]),
        })
      ).statusCode,
    ).toBe(400);
    expect((await get('/api/AddEditClaim/getNotesByLineItemID', {})).statusCode).toBe(400);
    expect(await noteCount()).toBe(before);
  });

  it('answers 404 outside the data role, and archives nothing', async () => {
    const noteID = await addNote({ claimID, text: 'Private to Lakeside.' });
    expect((await get('/api/Claims/getNoteByID', { noteID: String(noteID) }, outsider)).statusCode).toBe(404);
    expect(
      (await get('/api/AddEditClaim/getNotesByLineItemID', { claimID: String(claimID) }, outsider)).statusCode,
    ).toBe(404);
    expect(
      (await get('/api/AddEditClaim/getNotesByLineItemID', { chargeID: String(chargeIDs[0]) }, outsider)).statusCode,
    ).toBe(404);
    expect((await post('archiveNotes', { noteID }, outsider)).statusCode).toBe(404);
    expect((await post('saveSystemNotes', { claimID, text: 'x' }, outsider)).statusCode).toBe(404);
    const [row] = await database.db.query<{ archived: boolean }>('SELECT archived FROM notes WHERE note_id = $1', [
      noteID,
    ]);
    expect(row?.archived).toBe(false);
  });
});
