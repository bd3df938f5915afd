/**
 * Scheduler settings (spec section 9): the built-in defaults, a typed view of stored rows, and the
 * metadata an admin settings screen needs to edit them.
 *
 * A scheduler stores its settings as `{group, order, value}` rows with string values
 * ('Yes'/'No', numbers as digits). Any absent row — or a stored value that cannot be read —
 * means the built-in default (spec section 4).
 *
 * The parts live in `settings/`: the model (types), the rules table (storage place, default, kind),
 * the admin's words for each setting, the definitions (the two joined) with their defaults, and
 * reading, writing and validating values.
 */
export * from './settings/model.ts';
export * from './settings/rules.ts';
export * from './settings/texts.ts';
export * from './settings/definitions.ts';
export * from './settings/values.ts';
