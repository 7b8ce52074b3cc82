/**
 * A reply of type `T` as JSON text the database wrote: the call layer sends it as it is. For a
 * page of a list, turning the database's rows into objects and back into JSON cost the process
 * about as much as the rest of the request; one aggregated value costs nothing. Tests and
 * development still check the text against the call's reply schema.
 */
export class JsonText<T> {
  /** Only for the type: the reply the text holds. */
  declare readonly reply?: T;

  constructor(readonly text: string) {}
}
