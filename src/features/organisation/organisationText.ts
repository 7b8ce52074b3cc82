/** How the organisation's screens say things. */
export const activeText = (active: boolean): string => (active ? 'Active' : 'Inactive');

/** A practice's, facility's or provider's NPI with what it is, for a column. */
export const yesNo = (value: boolean): string => (value ? 'Yes' : '—');
