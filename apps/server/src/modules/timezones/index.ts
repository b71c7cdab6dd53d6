export { timezonesRoutes } from './timezones.routes.ts';
export { findTimeZone, offsetOf, searchTimeZones } from './timezones.ts';
