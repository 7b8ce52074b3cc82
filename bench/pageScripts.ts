/** tsx names functions with a `__name` helper; functions handed to the page need it there too. */
export const NAME_HELPER = 'globalThis.__name = (fn) => fn;';
