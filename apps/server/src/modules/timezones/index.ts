export { timezonesRoutes } from './timezones.routes.ts';
export { countryOfTimeZone, findTimeZone, offsetOf, searchTimeZones } from './timezones.ts';
