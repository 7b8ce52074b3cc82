import { type MessageReply } from '../../contract/auth.ts';
import { type Job, type JobStartedReply } from '../../contract/jobs.ts';
import { type BulkNotesRequest, type NoteType } from '../../contract/notes.ts';
import { callApi, type CallOptions } from './client.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Jobs } from '../../contract/calls/jobs.ts';
import { Repository } from '../../contract/calls/repository.ts';

export function getJob(jobID: number, options?: CallOptions): Promise<Job> {
  return callApi(Jobs.getJob, { jobID }, options);
}

export function cancelJob(jobID: number, options?: CallOptions): Promise<Job> {
  return callApi(Jobs.cancelJob, { jobID }, options);
}

/** Runs still going and finished ones whose report is not closed: the progress bar after a reload. */
export async function getMyActiveJobs(options?: CallOptions): Promise<Job[]> {
  return (await callApi(Jobs.getMyActiveJobs, {}, options)).jobs;
}

export function dismissJob(jobID: number, options?: CallOptions): Promise<MessageReply> {
  return callApi(Jobs.dismissJob, { jobID }, options);
}

/** Starts the bulk note run; the reply is the job to follow. Keeps the catalogue's 30-minute time-out. */
export function saveBulkNotes(body: BulkNotesRequest, options?: CallOptions): Promise<JobStartedReply> {
  return callApi(Claims.saveBulkNotes, body, options);
}

export function getNoteTypes(options?: CallOptions): Promise<NoteType[]> {
  return callApi(Repository.getNoteType, {}, options);
}
