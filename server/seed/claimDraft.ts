import type { FacilityRef, PayerRef, PracticeRef } from './context.ts';
import type { Coverage, PoolPatient } from './patientPool.ts';
import type { NdcFixture } from './procedures.ts';
import type { ProcessingStatus, StatusProfile } from './statuses.ts';

/** A generated claim before it has database ids: what claims.ts makes and the writers store. */
export interface ChargeDraft {
  readonly code: string;
  readonly modifiers: readonly string[];
  readonly units: number;
  readonly chargeCents: number;
  /** 1-based sequences of the claim's diagnoses. */
  readonly pointers: readonly number[];
  readonly ndc: NdcFixture | null;
  readonly isVisit: boolean;
}

export interface ClaimDraft {
  readonly patient: PoolPatient;
  readonly practice: PracticeRef;
  readonly facility: FacilityRef;
  readonly providerId: number;
  readonly referringProviderId: number | null;
  readonly referralNumber: string | null;
  readonly priorAuthorizationNumber: string | null;
  readonly status: StatusProfile;
  readonly processing: ProcessingStatus;
  readonly coverage: Coverage | null;
  /** The primary payer; null or a self-pay "payer" means the patient pays. */
  readonly payer: PayerRef | null;
  readonly secondaryPayer: PayerRef | null;
  readonly selfPay: boolean;
  readonly dosDay: number;
  readonly createdDay: number;
  readonly submittedDay: number | null;
  readonly diagnoses: readonly string[];
  readonly charges: readonly ChargeDraft[];
  /** The biller who entered and works the claim (null when the group has none). */
  readonly workerId: number | null;
}
