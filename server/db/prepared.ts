/**
 * Statements that nearly every request runs (the session check, the data role, the list's change
 * number, the audit row). On PostgreSQL each is parsed and planned once per connection and then
 * only executed: planning them took longer than running them (session check and data role
 * together 1.3 ms a request planned each time, 0.3 ms prepared). Only texts registered here are
 * prepared, so a connection holds a fixed, small set of plans.
 */
const nameByText = new Map<string, string>();
const textByName = new Map<string, string>();

/** Registers `text` to run as the prepared statement `name`; returns the text, to pass to `query`. */
export function preparedStatement(name: string, text: string): string {
  const known = textByName.get(name);
  if (known !== undefined && known !== text) throw new Error(`Two statements are registered as "${name}".`);
  textByName.set(name, text);
  nameByText.set(text, name);
  return text;
}

/** The prepared statement's name of a registered text, or undefined for any other statement. */
export function preparedNameOf(text: string): string | undefined {
  return nameByText.get(text);
}
