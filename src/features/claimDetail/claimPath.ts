/** The claim detail route of SPEC point 2, for screens that open a claim (commands use commands/general/screens.ts). */
export function claimDetailHref(claimID: number): string {
  return `/app/claim-detail/${claimID}`;
}
