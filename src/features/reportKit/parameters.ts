import type { ReportParameter, ReportParams } from './types.ts';

/** Why a parameter's text cannot be used, or null when it can (empty: not set). */
export function parameterProblem(parameter: ReportParameter, value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  switch (parameter.kind) {
    case 'ids':
      return /^\d{1,15}(,\d{1,15})*$/.test(text) ? null : 'Ids separated by commas, like 1,2.';
    case 'id':
      return /^\d{1,15}$/.test(text) ? null : 'An id: digits only.';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? null : 'A date as YYYY-MM-DD.';
    case 'dollars':
      return /^-?\d{1,10}(\.\d{1,2})?$/.test(text) ? null : 'An amount in dollars, like 250 or 99.50.';
    case 'choice':
      return parameter.choices?.some((choice) => choice.value === text)
        ? null
        : `One of ${(parameter.choices ?? []).map((choice) => choice.value).join(', ')}.`;
    case 'text':
      return text.length <= 60 ? null : 'At most 60 characters.';
  }
}

/**
 * The parameters as a call's query: those set and usable (a field half typed, such as "1," in a
 * list of ids, is left out until it is whole), dollars as cents.
 */
export function paramsQuery(
  parameters: readonly ReportParameter[],
  params: ReportParams,
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const parameter of parameters) {
    const value = (params[parameter.key] ?? '').trim();
    if (value === '' || parameterProblem(parameter, value) !== null) continue;
    if (parameter.kind === 'dollars') query[parameter.key] = Math.round(Number(value) * 100);
    else if (parameter.kind === 'id') query[parameter.key] = Number(value);
    else query[parameter.key] = value;
  }
  return query;
}
