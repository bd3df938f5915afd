// Bounds shared by the slices and their schemas. In a module of their own: the contract worker
// checks stored state with the schemas and must not load Redux (the slices), nor the page
// zod (the schemas).

/** Booking step index: 0 landing, 1 find appointment, 2 additional details, 3 insurance, 4 identity, 5 thank-you. */
export const LAST_STEP_INDEX = 5;

/** The search radius in miles. */
export const DISTANCE_MIN = 0;
export const DISTANCE_MAX = 30;
