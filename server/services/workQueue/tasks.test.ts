import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { ClaimTask, TaskChangedReply, TasksReply, TaskType } from '../../../contract/tasks.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { createWorkQueueTestData, type WorkQueueTestData } from './workQueueTestData.ts';

describe.each(testEngines)('claim tasks on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: WorkQueueTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    data = await createWorkQueueTestData(database.db, { lakesideClaims: 6, southClaims: 2 });
    test = await createTestApp(database.db);
    biller = await signIn(test, data.users.biller.email);
    outsider = await signIn(test, data.users.faraway.email);
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (name: string, payload: Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: `/api/Claims/${name}`,
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload,
    });
  const get = (url: string, query: Record<string, string>, session = biller) =>
    test.app.inject({ method: 'GET', url, headers: bearer(session), query });
  const refusal = (reply: Awaited<ReturnType<typeof post>>, status = 400) => {
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<{ message: string }>().message;
  };
  const tasksOf = async (claimID: number, session = biller) => {
    const reply = await get('/api/Claims/getTasksData', { claimID: String(claimID) }, session);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<TasksReply>().tasks;
  };
  const eventsOf = (claimID: number) =>
    database.db.query<{ action: string; source: string; userID: number; detail: Record<string, unknown> }>(
      'SELECT action, source, user_id AS "userID", detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );
  const taskRows = (claimID: number) =>
    database.db.query('SELECT task_id, status FROM tasks WHERE claim_id = $1 ORDER BY task_id', [claimID]);
  const addTask = async (claimID: number, extra: Record<string, unknown> = {}) => {
    const reply = await post('saveClaimTasks', {
      claimID,
      taskTypeID: 2,
      assignedUserID: data.users.colleague.userId,
      dueDate: '2026-12-01',
      text: 'Appeal with the op note.',
      ...extra,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<TaskChangedReply>();
  };

  it('lists the task types', async () => {
    const reply = await get('/api/Repository/getTaskTypes', {});
    expect(reply.statusCode).toBe(200);
    expect(reply.json<TaskType[]>()).toContainEqual({ taskTypeID: 2, name: 'Appeal denial' });
  });

  it('adds a task for a user who sees the practice, with a DNA event and an audit row, and lists it', async () => {
    const claimID = data.lakeside.claimIds[0]!;
    const added = await addTask(claimID, { text: '  Call Aetna about the denial.  ', taskTypeID: 1 });
    expect(added).toEqual({ message: 'Task added.', taskID: added.taskID, claimID });

    const tasks = await tasksOf(claimID);
    expect(tasks).toEqual([
      {
        taskID: added.taskID,
        claimID,
        taskTypeID: 1,
        taskType: 'Follow up with payer',
        assignedUserID: data.users.colleague.userId,
        assignedTo: 'Cal Colleague',
        text: 'Call Aetna about the denial.',
        dueDate: '2026-12-01',
        status: 'open',
        resolvedAt: null,
        createdBy: 'Bea Biller',
        createdAt: new Date(test.clock.time).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      },
    ]);
    const byId = await get('/api/Claims/getTaskByID', { taskID: String(added.taskID) });
    expect(byId.json<ClaimTask>()).toEqual(tasks[0]);

    expect(await eventsOf(claimID)).toEqual([
      {
        action: 'task.added',
        source: 'palette',
        userID: data.users.biller.userId,
        detail: {
          taskID: added.taskID,
          taskTypeID: 1,
          taskType: 'Follow up with payer',
          assignedUserID: data.users.colleague.userId,
          assignedTo: 'Cal Colleague',
          dueDate: '2026-12-01',
        },
      },
    ]);
    const audit = await database.db.query<{ source: string; detail: Record<string, unknown> }>(
      `SELECT source, detail FROM audit_log WHERE action = 'tasks.add' AND record_id = $1`,
      [String(added.taskID)],
    );
    expect(audit).toEqual([
      { source: 'palette', detail: { claimID, taskTypeID: 1, assignedUserID: data.users.colleague.userId } },
    ]);
  });

  it('lists newest first, resolves, deletes, and a deleted task is gone', async () => {
    const claimID = data.lakeside.claimIds[1]!;
    const first = await addTask(claimID);
    test.clock.advanceMinutes(1);
    const second = await addTask(claimID, { taskTypeID: 3 });
    expect((await tasksOf(claimID)).map((task) => task.taskID)).toEqual([second.taskID, first.taskID]);

    test.clock.advanceMinutes(1);
    const resolved = await post('resolveClaimTask', { taskID: first.taskID });
    expect(resolved.json<TaskChangedReply>()).toEqual({ message: 'Task resolved.', taskID: first.taskID, claimID });
    expect(refusal(await post('resolveClaimTask', { taskID: first.taskID }))).toBe(
      `Task ${first.taskID} is already resolved.`,
    );

    const deleted = await post('deleteClaimTask', { taskID: second.taskID });
    expect(deleted.json<TaskChangedReply>()).toEqual({ message: 'Task deleted.', taskID: second.taskID, claimID });
    const left = await tasksOf(claimID);
    expect(left.map((task) => [task.taskID, task.status, task.resolvedAt])).toEqual([
      [first.taskID, 'resolved', new Date(test.clock.time).toISOString().replace(/\.\d{3}Z$/, 'Z')],
    ]);
    expect((await get('/api/Claims/getTaskByID', { taskID: String(second.taskID) })).statusCode).toBe(404);
    expect(refusal(await post('resolveClaimTask', { taskID: second.taskID }), 404)).toBe('Not Found.');
    expect(refusal(await post('deleteClaimTask', { taskID: second.taskID }), 404)).toBe('Not Found.');

    expect(
      (await eventsOf(claimID)).map((event) => [event.action, event.detail.taskID, event.detail.taskType]),
    ).toEqual([
      ['task.added', first.taskID, 'Appeal denial'],
      ['task.added', second.taskID, 'Correct and resubmit'],
      ['task.resolved', first.taskID, 'Appeal denial'],
      ['task.deleted', second.taskID, 'Correct and resubmit'],
    ]);
    const audits = await database.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE record_type = 'task' AND record_id = ANY($1::text[]) AND action IN ('tasks.resolve', 'tasks.delete') ORDER BY audit_id`,
      [[String(first.taskID), String(second.taskID)]],
    );
    expect(audits.map((row) => row.action)).toEqual(['tasks.resolve', 'tasks.delete']);
  });

  it('refuses an assignee who cannot see the practice, an inactive or unknown one, and changes nothing', async () => {
    const claimID = data.lakeside.claimIds[2]!;
    const task = (extra: Record<string, unknown>) =>
      post('saveClaimTasks', {
        claimID,
        taskTypeID: 1,
        assignedUserID: data.users.colleague.userId,
        dueDate: '2026-12-01',
        text: 'Call.',
        ...extra,
      });
    // A user of a group the caller does not see is not named: as unknown as a user who does not exist.
    expect(refusal(await task({ assignedUserID: data.users.faraway.userId }))).toBe(
      'Choose a user from the list of assignees.',
    );
    // Sam sees Lakeside South only: a North claim is not his to work, a South one is.
    expect(refusal(await task({ assignedUserID: data.users.south.userId }))).toBe(
      'Sam South cannot see claims of this practice.',
    );
    expect(refusal(await task({ assignedUserID: data.users.inactive.userId }))).toBe(
      'Ian Inactive is no longer active: choose another user.',
    );
    expect(refusal(await task({ assignedUserID: 987_654 }))).toBe('Choose a user from the list of assignees.');
    expect(refusal(await task({ taskTypeID: 99 }))).toBe('Choose a task type from the list.');
    expect(await taskRows(claimID)).toEqual([]);
    expect(await eventsOf(claimID)).toEqual([]);

    const south = await addTask(data.southClaimIds[0]!, { assignedUserID: data.users.south.userId });
    expect(south.claimID).toBe(data.southClaimIds[0]);
  });

  it('refuses bad input with a 400 that names the problem, and a void claim', async () => {
    const claimID = data.lakeside.claimIds[3]!;
    const task = (extra: Record<string, unknown>) =>
      post('saveClaimTasks', {
        claimID,
        taskTypeID: 1,
        assignedUserID: data.users.colleague.userId,
        dueDate: '2026-12-01',
        text: 'Call.',
        ...extra,
      });
    expect(refusal(await task({ dueDate: '2026-02-30' }))).toContain('That date does not exist.');
    expect(refusal(await task({ dueDate: '12/01/2026' }))).toContain('YYYY-MM-DD');
    expect(refusal(await task({ text: '   ' }))).toContain('Type what is to be done.');
    expect((await task({ extra: 1 })).statusCode).toBe(400);
    expect((await post('resolveClaimTask', { taskID: 'one' })).statusCode).toBe(400);
    expect(await taskRows(claimID)).toEqual([]);

    const voided = data.lakeside.claimIds[4]!;
    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [voided, CLAIM_STATUS.void]);
    expect(refusal(await task({ claimID: voided }))).toBe(`Claim ${voided} is void: it takes no new tasks.`);
    expect(await taskRows(voided)).toEqual([]);
  });

  it('answers 404 for claims and tasks outside the data role, and writes nothing', async () => {
    const claimID = data.lakeside.claimIds[5]!;
    const added = await addTask(claimID);
    expect((await get('/api/Claims/getTasksData', { claimID: String(claimID) }, outsider)).statusCode).toBe(404);
    expect((await get('/api/Claims/getTaskByID', { taskID: String(added.taskID) }, outsider)).statusCode).toBe(404);
    expect((await post('resolveClaimTask', { taskID: added.taskID }, outsider)).statusCode).toBe(404);
    expect((await post('deleteClaimTask', { taskID: added.taskID }, outsider)).statusCode).toBe(404);
    const foreign = await post(
      'saveClaimTasks',
      { claimID, taskTypeID: 1, assignedUserID: data.users.faraway.userId, dueDate: '2026-12-01', text: 'Mine now.' },
      outsider,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await taskRows(claimID)).toEqual([{ task_id: added.taskID, status: 'open' }]);
    expect((await eventsOf(claimID)).map((event) => event.action)).toEqual(['task.added']);
  });
});
