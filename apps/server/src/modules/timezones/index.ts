export { findTimeZone, offsetOf, searchTimeZones } from './timezones.ts';
export { timezonesRoutes } from './timezones.routes.ts';
