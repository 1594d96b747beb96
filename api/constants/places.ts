/** A near search's radius (km): its bounds, and what `near` alone means. */
export const NEAR_RADIUS_MIN_KM = 1;
export const NEAR_RADIUS_MAX_KM = 500;
export const NEAR_RADIUS_DEFAULT_KM = 25;

/** The radius select on the home page (km), the default among them. */
export const NEAR_RADIUS_CHOICES = [5, 10, 25, 50, 100, 200, 500] as const;
